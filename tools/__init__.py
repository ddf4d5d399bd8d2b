"""The host's programs (tools/README.md): nothing here goes onto the board, and nothing the
board runs imports from here. Run each as a module from the repository root:
`python -m tools.PACKAGE.MODULE`."""
