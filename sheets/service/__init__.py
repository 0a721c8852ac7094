"""``hearts-sheets serve``: the website and sheets made to order, over HTTP.

- :mod:`sheets.service.choices` reads a page address's choices as a house-rules file;
- :mod:`sheets.service.renders` makes and keeps the PDFs and previews in each worker;
- :mod:`sheets.service.makepage` writes the ``/make`` page;
- :mod:`sheets.service.app` is the WSGI application: the routes, caching headers and limits;
- :mod:`sheets.service.server` runs it on gunicorn, in several worker processes.
"""
