//! Named solver presets stored in `assets/presets/`.
