"""The load and soak tool (``python -m games.loadtest``; see ``__main__`` and the README's
"Load and soak tests"). ``stack`` starts the production shape on loopback, ``clients`` the
scripted WebSocket players."""
