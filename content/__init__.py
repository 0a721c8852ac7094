"""The rule sheet's words and the presets, edited here and installed inside the package.

This folder is the source of the package data ``sheets.content_files`` (see ``pyproject.toml``):
a wheel carries these YAML files as ``sheets/content_files/``, and an editable install reads them
from here. :mod:`sheets.bundle` reads them with :mod:`importlib.resources`, wherever they are.
"""
