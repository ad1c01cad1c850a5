"""Registry services: every change to the registry goes through these functions."""
