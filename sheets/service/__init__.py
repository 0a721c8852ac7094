"""``hearts-sheets serve``: the website and sheets made to order, over HTTP.

- :mod:`sheets.service.choices` reads a page address's choices as a house-rules file;
- :mod:`sheets.service.makepage` writes the ``/make`` page, with the controls of
  :mod:`sheets.service.controls`;
- :mod:`sheets.service.renders` is what a render worker makes, and how it keeps it;
- :mod:`sheets.service.store` keeps the sheets made in one folder on disk;
- :mod:`sheets.service.pool` runs the render workers and their short queue;
- :mod:`sheets.service.responses` is what the front asks and the application answers (ETags);
- :mod:`sheets.service.app` is the application: the routes, caching headers and limits;
- :mod:`sheets.service.limits` is what the front allows a connection, and who a client is;
- :mod:`sheets.service.front` holds the connections and speaks HTTP/1.1, in one event loop;
- :mod:`sheets.service.server` starts all of that and stops it.
"""
