"""The JSON-lines referee of docs/REFEREE.md (serve.py; tools/referee.py runs it), its JSON shapes,
its ai request and the card names."""
