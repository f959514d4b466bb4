"""The app's helpers that are neither a screen nor a widget: how seats, steps and text are shown."""
