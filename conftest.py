"""Root conftest: marks the repository root as pytest's rootdir.

pytest-django reads DJANGO_SETTINGS_MODULE from pyproject.toml; nothing else is set here.
"""
