"""Page layout: the one stylesheet (:mod:`sheets.layout.styles`) and the sheets built with it
(:mod:`~sheets.layout.rulesheet`, :mod:`~sheets.layout.scoresheet`, with
:mod:`~sheets.layout.diagram` drawing the worked example's trick).

Every function here is pure: it takes house rules (and content) and returns PDF bytes; the CLI
writes them. Import the modules themselves: this package re-exports nothing, so importing one
layout does not load the others.
"""
