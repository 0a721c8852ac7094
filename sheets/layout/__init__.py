"""Page layout: the one stylesheet (:mod:`sheets.layout.styles`) and the sheets built with it
(:mod:`~sheets.layout.rulesheet`, :mod:`~sheets.layout.scoresheet`, with
:mod:`~sheets.layout.diagram` drawing the worked example's trick), the pocket rule cards
(:mod:`~sheets.layout.cards`), and what they share: the rule sheet's text as measured units
(:mod:`~sheets.layout.ruleunits`) and building a document of a fixed number of pages
(:mod:`~sheets.layout.pages`).

Every function here is pure: it takes house rules (and content) and returns PDF bytes; the CLI
writes them. Import the modules themselves: this package re-exports nothing, so importing one
layout does not load the others.
"""
