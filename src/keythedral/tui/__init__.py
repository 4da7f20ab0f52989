"""The terminal app (Textual): the app, the table of who holds the keyboard, the modes, the
sessions, the screens and the widgets.  Nothing here imports the command line."""
