//! The command line that reproduces what the screen shows (the `y` key):
//! `cubetui solve …` for the single run, `cubetui race …` for a race. Each
//! names the preset(s), the start, the run seed and every `--set` override
//! in force before the first step; run, it gives the same result.

use super::state::App;
use cubetui_cube::nxn::Size;
use cubetui_cube::nxn::random::random_state;
use cubetui_cube::random::{start_rng, start_state};
use cubetui_cube::{AnyAlg, AnyCube};
use cubetui_solve::registry::SolverConfig;

/// Longest scramble written as `--scramble`; a longer one as `--facelets`.
const SCRAMBLE_MAX: usize = 60;

impl App {
    /// Records that parameter `key` was set to `value` before the first step
    /// (the knobs panel's hook): `y` prints it as `--set key=value`. A key
    /// set again keeps only its last value.
    pub fn note_override(&mut self, key: &str, value: &str) {
        self.setup.overrides.retain(|(k, _)| k != key);
        self.setup
            .overrides
            .push((key.to_string(), value.to_string()));
    }

    /// Records that knob `key` of the run only (no `--set` exists for it)
    /// was set to `value` before the first step: `y` says so beside the
    /// command, which cannot express it.
    pub fn note_run_only(&mut self, key: &str, value: &str) {
        self.setup.run_only.retain(|(k, _)| k != key);
        self.setup
            .run_only
            .push((key.to_string(), value.to_string()));
    }

    /// Forgets the overrides (a new preset starts from its own values),
    /// but for the `--set` ones the command line gave the current preset.
    pub fn clear_overrides(&mut self) {
        self.setup.overrides.clear();
        self.setup.run_only.clear();
        if let Some((choice, sets)) = &self.setup.cli_sets
            && *choice == self.setup.choice
        {
            self.setup.overrides = sets.clone();
        }
    }

    /// The `--set KEY=VALUE` overrides the command line gave preset
    /// `choice` and the configuration they built (its solver is built as
    /// `config`): `y` prints them while it is the current preset, and its
    /// run files hold `config`.
    pub fn set_command_line_overrides(
        &mut self,
        choice: usize,
        sets: Vec<(String, String)>,
        config: SolverConfig,
    ) {
        self.setup.cli_config = (!sets.is_empty()).then_some(config);
        self.setup.cli_sets = (!sets.is_empty()).then_some((choice, sets));
        self.clear_overrides();
    }

    /// The configuration the command line's `--set` built, while its
    /// choice is the current one.
    pub(crate) fn command_line_config(&self) -> Option<&SolverConfig> {
        match &self.setup.cli_sets {
            Some((choice, _)) if *choice == self.setup.choice => self.setup.cli_config.as_ref(),
            _ => None,
        }
    }

    /// The command that reproduces the shown run: `cubetui race …` while a
    /// race is open, else `cubetui solve …`.
    pub fn reproduce_command(&self) -> String {
        let mut start = start_args(&self.setup.cube, self.scramble(), self.run_seed());
        let n = self.cube_size().get();
        if n != 3 {
            start = format!("--size {n} {start}");
        }
        let seed = self.run_seed();
        if let Some(view) = self.race() {
            let names: Vec<&str> = view.race().lanes().iter().map(|l| l.preset()).collect();
            let mut cmd = format!(
                "cubetui race --presets {} {start} --seed {seed}",
                names.join(",")
            );
            for (k, v) in &self.setup.race_sets {
                cmd.push_str(&format!(" --set {k}={v}"));
            }
            return cmd;
        }
        let preset = self.current_choice().map_or("", |c| c.preset.as_str());
        let mut cmd = format!("cubetui solve --preset {preset} {start} --seed {seed}");
        for (k, v) in self.overrides() {
            cmd.push_str(&format!(" --set {k}={v}"));
        }
        if !self.setup.run_only.is_empty() {
            let said: Vec<String> = self
                .setup
                .run_only
                .iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect();
            // A shell comment: the line still runs as pasted.
            cmd.push_str(&format!(
                "  # not on the command line (knobs of the run only, set before the first step): {}",
                said.join(", ")
            ));
        }
        cmd
    }
}

/// The start as command-line options: `--random-state` when the start is
/// the random state of `seed`, `--scramble "…"` for a short known scramble,
/// else `--facelets …` (letters only: no quoting needed). On every size
/// (`--size N` is the caller's).
pub fn start_args(cube: &AnyCube, scramble: Option<&AnyAlg>, seed: u64) -> String {
    match scramble {
        Some(alg) if !alg.is_empty() && alg.len() <= SCRAMBLE_MAX => {
            // WCA and SiGN notation have no `"`, `$`, `\` or backquote: safe in double quotes.
            format!("--scramble \"{alg}\"")
        }
        None if *cube == random_start(cube.size(), seed) => "--random-state".to_string(),
        _ => format!("--facelets {}", cube.facelets()),
    }
}

/// What `solve --size N --random-state --seed SEED` starts from.
fn random_start(size: Size, seed: u64) -> AnyCube {
    match size {
        Size::THREE => AnyCube::Three(start_state(seed, 0)),
        _ => AnyCube::from(random_state(&mut start_rng(seed, 0), size)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_is_named_as_briefly_as_it_is_exact() {
        let random = AnyCube::Three(start_state(5, 0));
        assert_eq!(start_args(&random, None, 5), "--random-state");
        // Another seed's state: only the facelets say it.
        assert_eq!(
            start_args(&random, None, 6),
            format!("--facelets {}", random.facelets())
        );
        let alg = AnyAlg::parse_sized("R U' F2", Size::THREE).unwrap();
        let cube = AnyCube::solved(Size::THREE).after(&alg).unwrap();
        assert_eq!(start_args(&cube, Some(&alg), 1), "--scramble \"R U' F2\"");
        let solved = AnyCube::solved(Size::THREE);
        assert_eq!(
            start_args(&solved, Some(&AnyAlg::default()), 1),
            format!("--facelets {}", solved.facelets())
        );
        // Other sizes: the same rules, on that size's random state.
        let two = random_start(Size::TWO, 5);
        assert_eq!(start_args(&two, None, 5), "--random-state");
        let four = Size::new(4).unwrap();
        let alg = AnyAlg::parse_sized("2R Rw'", four).unwrap();
        let cube = AnyCube::solved(four).after(&alg).unwrap();
        assert_eq!(start_args(&cube, Some(&alg), 1), "--scramble \"2R Rw'\"");
    }
}
