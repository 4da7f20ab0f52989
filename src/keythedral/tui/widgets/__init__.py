"""The app's widgets: each draws a PlayerView."""
