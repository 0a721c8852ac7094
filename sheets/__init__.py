"""Hearts Sheets: printable rule sheets, score sheets and a website for the card game Hearts.

The package is layered so that data flows one way::

    content + house rules -> validated model -> engine -> worked example -> layouts -> PDFs -> site

Only the command line (:mod:`sheets.cli` and :mod:`sheets.clifiles`) touches the file system.
"""

__version__ = "0.1.0"
