"""The computer players' strength: tournaments on mirrored deals, the Monte Carlo sparring
partner, where hard falls short, and a game to watch in the terminal."""
