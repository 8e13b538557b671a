"""The Quarterdeck server: lobby, seats, bots and WebSocket play over stored games.

``create_app(database_url)`` builds the FastAPI app; ``quarterdeck serve`` runs it.
See docs/server.md.
"""

from .api import MAX_MESSAGE_BYTES, create_app

__all__ = ["MAX_MESSAGE_BYTES", "create_app"]
