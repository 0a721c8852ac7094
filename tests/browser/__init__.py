"""Browser tests (a package, so that its test_site.py and tests/test_site.py can share a name)."""
