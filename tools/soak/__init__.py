"""Soak and fuzz: whole games with every invariant checked, through the engine or the app's
buttons, with power cuts and a flash that fails."""
