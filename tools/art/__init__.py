"""Art and pictures: the fonts, the sprite sheets, the named screens, the README's pictures, a
recorded round, and docs/RULES.md's rules pages."""
