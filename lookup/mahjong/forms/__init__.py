"""The winning forms of a hand, one module each: hu, waits, shanten, and the tiles that lower it."""
