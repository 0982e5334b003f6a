//! The cube size on the screen (`--size N`, the `z`/`Z` keys): which
//! presets run on it, and changing it (a new solved cube, the run reset).

use super::state::{App, Choice};
use cubetui_cube::nxn::Size;
use cubetui_cube::{AnyAlg, AnyCube};
use cubetui_solve::SolveError;
use cubetui_solve::preset::Presets;

/// The sizes the screen offers, smallest first.
pub const SCREEN_SIZES: std::ops::RangeInclusive<usize> = 2..=7;

impl Choice {
    /// Whether this choice runs on a cube of `size`: a preset of `presets`
    /// as the library says, without building it ([`Presets::runs_on`]); a
    /// choice that is no preset (a test's toy) on the 3×3 only.
    pub fn runs_on(&self, presets: &Presets, size: Size) -> bool {
        match presets.runs_on(&self.preset, size) {
            Ok(()) => true,
            Err(SolveError::UnknownPreset { .. }) => size == Size::THREE,
            Err(_) => false,
        }
    }

    /// What this choice runs, in words, on a cube of `size`: a preset's
    /// description for that size (of `presets`,
    /// [`cubetui_solve::preset::PresetInfo::description_on`]: its move set
    /// counted for the size), else the choice's own.
    pub fn description_on(&self, presets: &Presets, size: Size) -> String {
        presets
            .info(&self.preset)
            .map_or_else(|_| self.description.clone(), |i| i.description_on(size))
    }
}

impl App {
    /// The size of the cube on the screen.
    pub fn cube_size(&self) -> Size {
        self.setup.cube.size()
    }

    /// Looks the choices' names up in `presets` (the built-in presets and
    /// the user's) from now on.
    pub fn set_presets(&mut self, presets: Presets) {
        self.setup.presets = presets;
        self.refit();
    }

    /// The preset table the choices' names are looked up in.
    pub fn presets(&self) -> &Presets {
        &self.setup.presets
    }

    /// Whether preset `index` of the choices runs on the current size.
    pub fn fits(&self, index: usize) -> bool {
        self.setup.fits.get(index).copied().unwrap_or(false)
    }

    /// Works out which presets run on the current size, as the library
    /// says without building them ([`Choice::runs_on`]).
    pub(crate) fn refit(&mut self) {
        let size = self.cube_size();
        let presets = &self.setup.presets;
        self.setup.fits = self
            .setup
            .choices
            .iter()
            .map(|c| c.runs_on(presets, size))
            .collect();
        if !self.fits(self.setup.choice)
            && let Some(i) = self.setup.fits.iter().position(|&f| f)
        {
            self.setup.choice = i;
        }
    }

    /// Starts over with preset `index` if it runs on the current size
    /// (`--preset` with `--size`); returns whether it does.
    pub fn select(&mut self, index: usize) -> bool {
        if !self.fits(index) {
            return false;
        }
        if self.setup.choice != index {
            self.setup.choice = index;
            self.rebuild();
        }
        true
    }

    /// The next preset that runs on the current size, `back` for the
    /// previous one; `None` when no other one does.
    pub(crate) fn next_fitting(&self, back: bool) -> Option<usize> {
        let n = self.setup.choices.len();
        (1..n)
            .map(|k| {
                let step = if back { n - k } else { k };
                (self.setup.choice + step) % n
            })
            .find(|&i| self.fits(i))
    }

    /// Changes the size: a solved cube of `size`, presets that run on it
    /// (the caller starts the run over). Says so in the message line.
    pub(crate) fn set_size(&mut self, size: Size) {
        self.set_start(AnyCube::solved(size), Some(AnyAlg::empty(size)));
        let before = self.setup.choice;
        self.refit();
        let n = size.get();
        let mut said = format!("size {n}x{n}: a new solved cube; the run was reset");
        if self.setup.choice != before
            && let Some(c) = self.current_choice()
        {
            said.push_str(&format!(" (preset {})", c.preset));
        }
        if !self.setup.fits.iter().any(|&f| f) {
            said.push_str(&format!(" — no preset runs on the {n}x{n}"));
        }
        self.message = Some(said);
    }

    /// Opens the screen on a solved cube of `size` (`--size N`): the
    /// presets that run on it, a new run.
    pub fn open_size(&mut self, size: Size) {
        self.set_size(size);
        self.rebuild();
    }

    /// The size after the current one (`back`: before it), cycling through
    /// [`SCREEN_SIZES`].
    pub(crate) fn cycled_size(&self, back: bool) -> Size {
        let (lo, hi) = (*SCREEN_SIZES.start(), *SCREEN_SIZES.end());
        let n = self.cube_size().get().clamp(lo, hi);
        let next = match (back, n) {
            (false, n) if n == hi => lo,
            (false, n) => n + 1,
            (true, n) if n == lo => hi,
            (true, n) => n - 1,
        };
        Size::new(next).unwrap_or(Size::THREE)
    }
}
