"""The registry's REST API (``/api/registry/``): thin views over the services and selectors."""
