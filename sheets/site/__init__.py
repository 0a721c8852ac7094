"""The static website: its pages, styles and scripts."""
