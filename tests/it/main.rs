//! The integration tests: one binary (one link of the library) with a module
//! per area; `cargo test --release --test it NAME::` runs one of them.

/// The built-in preset table, built once for the whole test binary.
pub fn shipped() -> &'static cubetui_solve::preset::Presets {
    static P: std::sync::LazyLock<cubetui_solve::preset::Presets> =
        std::sync::LazyLock::new(cubetui_solve::preset::Presets::builtin);
    &P
}

mod cli_support;
mod phases_support;
mod pty_support;
mod tui_support;

mod cache_files;
mod cache_tui;
mod cli_2x2_phases;
mod cli_bench_compare;
mod cli_bench_sizes;
mod cli_big_limits;
mod cli_cube;
mod cli_formulas;
mod cli_full;
mod cli_limits;
mod cli_locks;
mod cli_merge;
mod cli_notty;
mod cli_parse_props;
mod cli_plot;
mod cli_presets;
mod cli_race;
mod cli_race_interrupt;
mod cli_record;
mod cli_record_formulas;
mod cli_reliability;
mod cli_scale_out;
mod cli_sizes;
mod cli_solve;
mod cli_solve_sizes;
mod cli_states;
mod cli_summary_json;
mod cli_sweep;
mod cli_userconf;
mod cube_facelets;
mod cube_kernel;
mod cube_moves;
mod cube_net;
mod cube_notation;
mod cube_random;
mod cube_simplify;
mod docs;
mod e2e_copy;
mod e2e_input;
mod e2e_knobs;
mod e2e_nxn;
mod e2e_record;
mod e2e_replay;
mod e2e_set;
mod e2e_tui;
mod e2e_userconf;
mod evo_cli;
mod evo_ga;
mod evo_mws;
mod evo_mws_pin;
mod evo_reorient;
mod evo_woc;
mod faithful_pins;
mod golden;
mod knobs_props;
mod nxn_golden;
mod nxn_moves;
mod nxn_props;
mod nxn_state;
mod phase_plot;
mod phases_2x2;
mod phases_cli;
mod phases_groups;
mod phases_solvers;
mod population_series;
mod race_core;
mod record_format;
mod record_verify;
mod reference;
mod reliability3;
mod sa_comm_sizes;
mod sa_engine;
mod sa_generators;
mod sa_short;
mod sa_short_halt;
mod sa_short_renamed;
mod seed_rule;
mod size_pins;
mod solve_sizes;
mod tui_app;
mod tui_knobs;
mod tui_layout;
mod tui_mouse_help;
mod tui_net;
mod tui_nxn;
mod tui_plots;
mod tui_population;
mod tui_prompt;
mod tui_race;
mod tui_record;
mod tui_render;
mod tui_replay;
mod tui_runner;
mod tui_screen;
mod tui_sizes;
mod tui_terminals;

/// The name of test `name` of module `module` (its `module_path!()`) as this
/// binary knows it, for running it alone in a child process (`--exact`).
fn test_path(module: &str, name: &str) -> String {
    match module.split_once("::") {
        Some((_crate, inner)) => format!("{inner}::{name}"),
        None => name.to_string(),
    }
}
