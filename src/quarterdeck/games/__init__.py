"""The games Quarterdeck plays. Each is a package that imports only the engine; the
registry finds them through the ``quarterdeck.games`` entry points."""
