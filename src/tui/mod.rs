//! The terminal UI: app state, actions and key map, event loop, widgets.
