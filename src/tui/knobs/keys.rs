//! What a key does to the knobs panel (the solver's live parameters): one
//! [`crate::tui::keys::Action::Knob`] carries it, `knobs::reduce` applies it.
//! A leaf: it imports nothing of the crate, so the key table and the panel
//! both name it.

/// One knobs-panel action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KnobKey {
    /// Open or close the panel (`p`).
    Toggle,
    /// Esc with the panel open: closes the help if it is open, else the
    /// panel.
    Close,
    /// Select the previous / next parameter.
    Prev,
    Next,
    /// Step the selected parameter down / up (multiplicative steps on a
    /// log scale).
    Less,
    More,
    /// Start typing a value for the selected parameter.
    Edit,
    /// Set the selected parameter back to the preset's value.
    Reset,
    /// Typing a value: a character, delete the last one, apply, give up.
    Char(char),
    Erase,
    Submit,
    Cancel,
}
