//! The parameters of `sa-short`, as a preset stores them, and their
//! declaration.

use serde::{Deserialize, Serialize};

use crate::anneal::{Schedule, T_MAX_KEY, T_MIN_KEY};
use crate::api::SolveError;
use crate::declare::{Declared, declare_params};
use crate::params::{ParamSpec, added, renamed, within};
use cubetui_cube::nxn::Size;

declare_params! {
    /// Parameters of `sa-short`; the defaults are preset `sa-short`.
    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    #[serde(default, deny_unknown_fields)]
    pub struct ShortParams {
        /// Proposal budget, in cooling cycles of `cycle` proposals; 0: by
        /// the cube's size ([`ShortParams::on_size`]).
        max_steps: u64 = 0 => int(0, i64::MAX, Linear), No,
            "proposal budget (over it the temperature and weight move once per cycle); 0 = by the \
             cube's size (30 000 on the 3x3, 5 000 000 on the 4x4, 6 000 000 on the 5x5, fewer past it)",
        /// Proposals per cooling cycle: the temperature and weight move from
        /// their start to their end over each cycle, and each cycle starts
        /// again from the best solved sequence (`max_steps` or more: one
        /// cycle); 0: by the cube's size ([`ShortParams::on_size`]).
        cycle: u64 = 0 => int(0, i64::MAX, Linear), No,
            "proposals per cooling cycle (temperature and weight go from their start to their end \
             over each; each cycle starts from the best solved sequence; max_steps or more = one \
             cycle); 0 = by the cube's size (max_steps in whole cycles of about 300 000 up to \
             the 5x5, fewer past it)",
        /// Proposals per step (one sweep, what the screen's speed counts).
        sweep: u64 = 1000 => int(1, 1_000_000, Log), Yes,
            "proposals per step (a sweep; what the screen's speed counts)",
        /// Stop when the best solved length has not fallen for this many
        /// proposals (0 = off).
        stagnation: u64 = 0 => int(0, i64::MAX, Linear), Yes,
            "stop when the best solved length has not fallen for this many proposals (0 = off)",
        /// Temperature at the start of each cooling cycle (in turns), the
        /// exponential schedule's key ([`T_MAX_KEY`]).
        t_max: f64 = 2.0 => T_MAX_KEY,
        /// Temperature at the end of each cooling cycle, the schedule's
        /// key ([`T_MIN_KEY`]).
        t_min: f64 = 0.2 => T_MIN_KEY,
        /// Weight of a misplaced piece at the start: energy = length +
        /// weight × misplaced pieces.
        weight: f64 = 1.0 => float(0.01, 1000.0, Log), Yes,
            "weight of a misplaced piece at the start (energy = length + weight × misplaced pieces)",
        /// Weight of a misplaced piece at the end (the weight moves
        /// exponentially).
        weight_end: f64 = 3.0 => float(0.01, 1000.0, Log), Yes,
            "weight of a misplaced piece at the end (the weight moves exponentially from its start)",
        /// Share of proposals that insert a commutator from the table.
        insert_rate: f64 = 0.1 => unit(), Yes,
            "share of proposals that insert a commutator from the table where it cancels most",
        /// Share of proposals that place a short commutator ([X, Y] of two
        /// layer turns) where it puts most stickers right per turn; −1: by
        /// the cube's size ([`ShortParams::on_size`]).
        short_rate: f64 = -1.0 => float(-1.0, 1.0, Linear), Yes,
            "share of proposals that place a four-turn commutator [X, Y] of two layers where it \
             puts most stickers right per turn (also used by completions when above 0); -1 = by \
             the cube's size (0.01 up to the 5x5, 0 from the 6x6)",
        /// Cycles drawn per insertion; the one that lowers the misplaced
        /// stickers most is inserted.
        insert_candidates: u32 = 32 => int(1, 1000, Log), Yes,
            "cycles drawn per insertion; the one that lowers the misplaced stickers most is inserted",
        /// Farthest apart the two turns of an inserted or deleted pair are.
        pair_span: u32 = 6 => int(1, 64, Linear), Yes,
            "farthest apart the two turns of an inserted or deleted pair are",
        /// Longest segment a deletion removes.
        segment: u32 = 24 => int(2, 1000, Log), Yes,
            "longest run of turns one deletion removes (the pieces it leaves are put back by \
             insertions)",
        /// Every this many proposals, a current sequence with few misplaced
        /// pieces is completed by insertions, to see if it beats the best.
        repair_every: u64 = 100 => int(1, i64::MAX, Log), Yes,
            "every this many proposals, complete the current sequence by insertions (if it has \
             few misplaced pieces) to see if it beats the best",
        /// Go back to the best solved sequence after this many proposals
        /// without a shorter one (0 = never).
        restart_after: u64 = 30_000 => int(0, i64::MAX, Linear), Yes,
            "go back to the best solved sequence after this many proposals without a shorter \
             one (0 = never)",
        /// On the 3×3: `phases-sa` runs whose solutions are offered as
        /// seeds beside `sa-comm`'s.
        phase_runs: u32 = 80 => int(0, 1000, Linear), No,
            "on the 3x3: phases-sa runs (each with its own seed) offered as starting sequences \
             beside sa-comm's; the shortest solved one is shortened (other sizes: unused)",
        /// On the 3×3: the longest window of each seed replaced by a shorter
        /// word of the same element where one exists (0 or 1: none).
        window: u32 = 8 => int(0, 10, Linear), No,
            "on the 3x3: the longest window of each starting sequence replaced by a shortest word \
             of the same cube element where that is shorter (words of up to 5 turns by table, \
             longer ones met in the middle; 0 = off; other sizes: unused)",
        /// On the 3×3: the longest window replaced so in a seed that is
        /// then within `wide_margin` turns of the shortest seed so far.
        wide_window: u32 = 10 => int(0, 10, Linear), No,
            "on the 3x3: the longest window replaced so in a starting sequence that is then \
             within wide_margin turns of the shortest so far (dearer: words of up to 9 turns)",
        /// On the 3×3: how much longer than the shortest seed so far a seed
        /// may be and still have its `wide_window` windows replaced.
        wide_margin: u32 = 1 => int(0, 1000, Linear), No,
            "on the 3x3: how much longer than the shortest starting sequence so far one may be \
             and still have its windows of up to wide_window turns replaced",
        /// Sequences a completion's beam search keeps per count of 3-cycles
        /// still needed (1: greedy by that count); 0: the completion by
        /// misplaced stickers the beam replaced; −1: by the cube's size.
        beam: i64 = -1 => int(-1, 10_000, Linear), Yes,
            "sequences a completion's beam search keeps per count of 3-cycles still needed (1 = \
             greedy); 0 = the older completion by misplaced stickers; -1 = by the cube's size",
        /// Cycles each sequence of a completion's beam expands at most.
        beam_candidates: u32 = 4 => int(1, 1000, Log), Yes,
            "cycles (among those lowering the 3-cycles still needed) each sequence of a \
             completion's beam expands at most",
        /// Segments of the best sequence cut out and completed again by a
        /// wider beam at the end of each cooling cycle (0 = off); −1: by
        /// the cube's size.
        polish: i64 = -1 => int(-1, 10_000, Linear), Yes,
            "segments of the best solved sequence cut out and completed again by a wider beam at \
             each cooling cycle's end (0 = off); -1 = by the cube's size",
        /// The most misplaced pieces a completion is tried with.
        repair_pieces: u32 = 30 => int(0, 10_000, Linear), Yes,
            "the most misplaced pieces a completion is tried with",
        /// Proposals of the constructive seed's parity-keeping annealing
        /// (its stage 2); 0: no constructive seed; −1: by the cube's size
        /// ([`ShortParams::on_size`]).
        build_steps: i64 = -1 => int(-1, i64::MAX, Linear), No,
            "proposals of the constructive seed's parity-keeping annealing over inner-slice \
             turns (0 = no constructive seed; -1 = by the cube's size: 200 000 from the 4x4 \
             to the 10x10, 50 000 past it)",
        /// Constructive seeds built, each with its own random stream (the
        /// shortest solved seed is annealed); −1: by the cube's size
        /// ([`ShortParams::on_size`]).
        build_seeds: i64 = -1 => int(-1, 1000, Linear), No,
            "constructive seeds built, each with its own random stream; the shortest solved seed \
             is the one annealed (-1 = by the cube's size)",
        /// Cycles the constructive seed's last stage places for one
        /// insertion, each where it costs fewest turns (the one of fewest
        /// turns per sticker put right is inserted).
        build_tries: u32 = 8 => int(1, 1000, Log), No,
            "cycles the constructive seed's 3-cycle stage places for one insertion, each where it \
             costs fewest turns; the one of fewest turns per sticker put right is inserted",
        /// Cycles the constructive seed's 3-cycle stage draws per insertion,
        /// spread over its `build_tries` placements (each places the drawn
        /// cycle that lowers the misplaced stickers most); 0: as
        /// `insert_candidates`; −1: by the cube's size
        /// ([`ShortParams::on_size`]).
        build_candidates: i64 = -1 => int(-1, 100_000, Linear), No,
            "cycles the constructive seed's 3-cycle stage draws per insertion, spread over its \
             build_tries placements (each places the drawn cycle that lowers the misplaced \
             stickers most); 0 = as insert_candidates; -1 = by the cube's size (4 000 on the 6x6, \
             7x7 and from the 10x10, else as insert_candidates)",
        /// Weight of a misplaced piece in that annealing (energy = length +
        /// this × misplaced pieces).
        build_weight: f64 = 1.5 => float(0.01, 100.0, Log), No,
            "weight of a misplaced piece in the constructive seed's annealing (energy = length + \
             this x misplaced pieces)",
        /// The constructive seed places short commutators until at most
        /// this share of the pieces outside the exact part are misplaced
        /// (then 3-cycles finish it); −1: by the cube's size.
        build_stop: f64 = -1.0 => float(-1.0, 1.0, Linear), No,
            "the constructive seed places short commutators ([X, Y], [X, Y Z]) until at most this \
             share of the pieces outside the exact part are misplaced, then 3-cycles finish it \
             (-1 = by the cube's size)",
        /// Sticker pairs one of those placements looks at, at most (past
        /// it, a spaced subset of the positions); 0: by the cube's size
        /// ([`ShortParams::on_size`]).
        build_scan: u64 = 0 => int(0, i64::MAX, Linear), No,
            "sticker pairs one placement of a short commutator in the constructive seed looks at, \
             at most (past it a spaced subset of the positions); 0 = by the cube's size \
             (20 000 000 up to the 10x10, 10 000 000 past it)",
        /// The shortest 3-cycles of each orbit searched at start and added
        /// to the insertion table (1), or not (0); −1: by the cube's size
        /// ([`super::cycles::by_size`]).
        cycles: i64 = -1 => int(-1, 1, Linear), No,
            "the shortest 3-cycles of each wing and centre orbit (up to 8 layer turns) searched at \
             start and added to the insertion table: 1 = on, 0 = off, -1 = by the cube's size",
    }
}

impl ShortParams {
    /// Checks every parameter against its declared range, then the
    /// temperatures' order.
    pub fn validate(&self) -> Result<(), SolveError> {
        let declared = params();
        for (key, v) in self.numbers() {
            within(&declared, &key, v)?;
        }
        if self.insert_rate + self.short_rate.max(0.0) > 1.0 {
            return Err(SolveError::Parameter(format!(
                "insert_rate + short_rate ({} + {}) must not exceed 1",
                self.insert_rate, self.short_rate
            )));
        }
        if self.t_min > self.t_max {
            return Err(SolveError::Parameter(format!(
                "t_min ({}) must not exceed t_max ({})",
                self.t_min, self.t_max
            )));
        }
        Ok(())
    }
}

impl ShortParams {
    /// The schedule each cooling cycle follows: exponential from `t_max`
    /// to `t_min` over the cycle's proposals.
    pub fn schedule(&self) -> Schedule {
        Schedule::Exponential {
            t_max: self.t_max,
            t_min: self.t_min,
        }
    }
}

/// The largest size the four-turn scan runs on by default: past it a scan
/// (which tries every commutator at every position) costs more than its
/// insertions give back within the same time (measured on the 7×7,
/// docs/performance.md).
pub const SHORT_UPTO: usize = 5;

/// The four-turn scan's share of proposals by default, up to
/// [`SHORT_UPTO`].
pub const SHORT_RATE: f64 = 0.01;

impl ShortParams {
    /// These parameters on a cube of `size`: the ones left to the size
    /// (`max_steps` 0, `cycle` 0, `short_rate` −1) given their value there
    /// ([`budget`], [`SHORT_UPTO`]; the cycle divides the budget, given or
    /// not, into whole cycles of about the size's length), the others as
    /// they are.
    pub fn on_size(&self, size: Size) -> ShortParams {
        let n = size.get();
        let mut p = self.clone();
        let (steps, cycle) = budget(n);
        if p.max_steps == 0 {
            p.max_steps = steps;
        }
        if p.cycle == 0 {
            // Whole cycles, of about the size's length.
            let k = ((p.max_steps as f64 / cycle as f64).round() as u64).max(1);
            p.cycle = p.max_steps.div_ceil(k);
        }
        if p.beam < 0 {
            p.beam = BEAM;
        }
        if p.polish < 0 {
            p.polish = POLISH;
        }
        if p.build_steps < 0 {
            p.build_steps = build_budget(n) as i64;
        }
        if p.build_seeds < 0 {
            p.build_seeds = build_seeds(n);
        }
        if p.build_candidates < 0 {
            p.build_candidates = build_candidates(n);
        }
        if p.build_candidates == 0 {
            p.build_candidates = i64::from(p.insert_candidates);
        }
        if p.build_scan == 0 {
            p.build_scan = scan_budget(n);
        }
        if p.cycles < 0 {
            p.cycles = super::cycles::by_size(n);
        }
        if p.build_stop < 0.0 {
            p.build_stop = BUILD_STOP;
        }
        if p.short_rate < 0.0 {
            let rate = if n <= SHORT_UPTO { SHORT_RATE } else { 0.0 };
            p.short_rate = rate.min(1.0 - p.insert_rate).max(0.0);
        }
        p
    }
}

/// A completion's beam width by default (every size): 1, greedy by the
/// 3-cycles still needed; wider beams cost more than they give back within
/// the same time (measured on the 4×4, docs/performance.md).
pub const BEAM: i64 = 1;

/// Segments polished per cooling cycle by default (every size): none; the
/// polish did not measure shorter (docs/performance.md).
pub const POLISH: i64 = 0;

/// The proposal budget and cooling cycle by size, (max_steps, cycle): on
/// the 3×3 one cycle of 30 000; on the 4×4 and 5×5 cycles of about
/// 300 000 proposals; past it shorter ones, as each proposal costs more
/// there. Several short
/// coolings, each from the best so far, end shorter than one long one in
/// the same proposals (measured on the 4×4, 5×5 and 7×7,
/// docs/performance.md).
pub fn budget(n: usize) -> (u64, u64) {
    match n {
        // The 3×3 starts from the shortest of `phase_runs` phase solutions,
        // which the annealing rarely shortens (300 000 proposals shortened
        // one of 16 cubes, 31 → 28, in about 5 s; 16 more phase runs, some
        // 1.2 s, shortened 4 of the same 16; docs/performance.md).
        3 => (30_000, 30_000),
        // The times (60 s on the 4×4 and 5×5, 120 s on the 6×6 and
        // 7×7, one core) hold these with room: about 35 s of CPU time on
        // the 4×4 and 5×5, 20–70 s on the 6×6 and 7×7, seeds included
        // (docs/performance.md).
        0..=4 => (5_000_000, 300_000),
        5 => (6_000_000, 300_000),
        6 => (3_000_000, 250_000),
        7 => (4_000_000, 250_000),
        8..=9 => (600_000, 200_000),
        // About 30 µs of CPU time a proposal on the 10×10, 70 µs on the
        // 20×20 (every position's map to the end is kept); past the 20×20
        // the maps outgrow their cap and a proposal replays the rest of
        // the sequence, 2 ms on the 32×32, where thousands of them
        // shortened nothing (docs/performance.md).
        10 => (4_000_000, 200_000),
        11..=20 => (300_000, 150_000),
        _ => (20_000, 10_000),
    }
}

/// The constructive seed's annealing budget by size (0: none; the 3×3 and
/// 2×2 have no free layers): 200 000 proposals (50 000 and 1 000 000 were
/// no better on the 4×4 and 7×7, docs/performance.md). Past the 10×10 the
/// seed's commutators are the [X, Y] of free layers only
/// ([`super::greedy::WIDE_UPTO`]; with the [X, Y Z] the 10×10's seed takes
/// 13 s of CPU time, without them 5 s) and this annealing 50 000
/// proposals (docs/performance.md).
pub fn build_budget(n: usize) -> u64 {
    match n {
        0..=3 => 0,
        4..=10 => 200_000,
        // Each proposal replays the rest of the sequence, outer turns of
        // hundreds of stickers among them.
        _ => 50_000,
    }
}

/// Constructive seeds built by size, the shortest annealed
/// (docs/performance.md).
pub fn build_seeds(n: usize) -> i64 {
    match n {
        0..=3 => 0,
        // A seed costs about 0.2 s of CPU time on the 4×4 and 5×5 and
        // 0.5–0.7 s on the 6×6 and 7×7; seeds of one cube differ by ±15 %,
        // and on the 6×6 and 7×7 the seed is most of the length: the best
        // of 48 was 0–16 % shorter than the best of 8 (five cubes). The
        // 6×6 has time for more of them within its 120 s.
        4..=5 => 8,
        6 => 64,
        7 => 48,
        // A seed costs about 13 s of CPU time on the 10×10 (with the
        // [X, Y Z] words) and a minute or more past it.
        8..=10 => 4,
        _ => 1,
    }
}

/// Cycles the constructive seed's 3-cycle stage draws per insertion, by
/// size (0: as `insert_candidates`, 32). On the 6×6 and 7×7 that stage
/// makes most of the seed (about 200 of its 270–380 turns), and more draws
/// there find cycles that put more stickers right per turn: 4 000 gave
/// seeds 25–30 % shorter than 32 for 0.1–0.2 s more each, 16 000 no
/// shorter (docs/performance.md). On the 10×10 the 3-cycle stage is some
/// 560 of the seed's 800 turns, and 4 000 draws made the best of four
/// seeds 616 and 635 turns against 796 and 838 on two cubes, for about the
/// same CPU time; past the 10×10 the same: on the 20×20 and 32×32 4 000
/// took the stage from about 4 turns a piece to 2.6–2.8, seeds 12–20 %
/// shorter for 5–25 s of CPU time more (measured on those sizes,
/// docs/performance.md; the 11×11 to 31×31 take them by the same rule);
/// the 4×4, 5×5, 8×8 and 9×9 are not measured so.
pub fn build_candidates(n: usize) -> i64 {
    match n {
        6..=7 | 10.. => 4_000,
        _ => 0,
    }
}

/// Sticker pairs one placement of the constructive seed's commutators looks
/// at, by size: 20 000 000 up to the 10×10 (100 000 000 was no shorter
/// there), 10 000 000 past it, where the [X, Y] alone move some 600 000
/// stickers on the 32×32: 1 000 000 looked at two positions a placement
/// there, and 10 000 000 made its seed 10 % shorter for 50 s of CPU time
/// (docs/performance.md).
pub fn scan_budget(n: usize) -> u64 {
    match n {
        0..=10 => 20_000_000,
        _ => 10_000_000,
    }
}

/// The share of misplaced pieces at which the constructive seed goes from
/// short commutators to 3-cycles, by default: none, the commutators are
/// placed as long as one puts a sticker right (measured on the 4×4, 5×5
/// and 7×7 against the winners' one half: 15–20 % shorter seeds,
/// docs/performance.md).
pub const BUILD_STOP: f64 = 0.0;

/// The earlier names of `sa-short`'s keys, (earlier, now), still read
/// wherever a key is ([`crate::params::renamed`]): `alpha` named the
/// weight of a misplaced piece here and the geometric schedule's cooling
/// factor in `sa` and `phases-sa`.
pub const RENAMED: &[(&str, &str)] = &[
    ("alpha", "weight"),
    ("alpha_end", "weight_end"),
    ("build_alpha", "build_weight"),
];

/// The declaration of `sa-short`'s parameters, with the values runs had
/// before some keys existed ([`crate::params::added`]): one constructive
/// seed (`build_seeds`), its 3-cycle stage drawing `insert_candidates`
/// (`build_candidates`), no windows of the 3×3's seeds replaced (`window`,
/// `wide_window`), no shortest 3-cycles (`cycles`), so a run file recorded
/// then replays as it ran.
pub fn params() -> Vec<ParamSpec> {
    let before = [
        ("build_seeds", toml::Value::Integer(1)),
        ("build_candidates", toml::Value::Integer(0)),
        ("window", toml::Value::Integer(0)),
        ("wide_window", toml::Value::Integer(0)),
        ("cycles", toml::Value::Integer(0)),
    ];
    added(
        renamed(ShortParams::default().declare(""), RENAMED),
        &before,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn on(n: usize, p: &ShortParams) -> ShortParams {
        p.on_size(Size::new(n).unwrap())
    }

    /// The preset's values left to the size get the size's; a value
    /// given is kept on every size; the budget is whole cycles.
    #[test]
    fn values_left_to_the_size_follow_it_and_given_ones_stay() {
        let auto = ShortParams::default();
        let four = on(4, &auto);
        assert_eq!((four.max_steps, four.cycle), (5_000_000, 294_118));
        assert_eq!((four.build_seeds, on(7, &auto).build_seeds), (8, 48));
        assert_eq!(on(12, &auto).build_seeds, 1);
        assert_eq!(
            (four.build_candidates, on(7, &auto).build_candidates),
            (32, 4_000)
        );
        let drawn = ShortParams {
            build_candidates: 0,
            insert_candidates: 64,
            ..ShortParams::default()
        };
        assert_eq!(
            on(7, &drawn).build_candidates,
            64,
            "0: as insert_candidates"
        );
        assert_eq!(four.short_rate, SHORT_RATE);
        assert_eq!((four.build_steps, four.build_stop), (200_000, BUILD_STOP));
        assert_eq!(on(3, &auto).build_steps, 0, "no free layers");
        let ten = on(10, &auto);
        assert_eq!((ten.build_steps, ten.build_scan), (200_000, 20_000_000));
        assert_eq!((ten.max_steps, ten.build_seeds), (4_000_000, 4));
        assert_eq!((ten.build_candidates, ten.cycles), (4_000, 1));
        assert_eq!(on(9, &auto).build_candidates, 32, "not the 9x9's");
        let big = on(32, &auto);
        assert_eq!((big.build_steps, big.build_scan), (50_000, 10_000_000));
        assert_eq!(
            (on(12, &auto).build_candidates, big.build_candidates),
            (4_000, 4_000),
            "past the 10x10"
        );
        assert_eq!((big.max_steps, big.cycle), (20_000, 10_000));
        assert_eq!(on(20, &auto).max_steps, 300_000);
        assert_eq!(four.build_scan, 20_000_000, "as before up to the 7x7");
        let seven = on(7, &auto);
        assert_eq!((seven.max_steps, seven.cycle), budget(7));
        assert_eq!(seven.short_rate, 0.0);
        let given = ShortParams {
            max_steps: 100_000,
            short_rate: 0.05,
            ..ShortParams::default()
        };
        for n in [4, 7, 12] {
            let p = on(n, &given);
            assert_eq!(
                (p.max_steps, p.cycle, p.short_rate),
                (100_000, 100_000, 0.05),
                "{n}"
            );
        }
        let three = on(3, &given);
        assert_eq!(three.cycle, 33_334, "the 3x3's cycles are short");
        assert_eq!(on(3, &auto).max_steps, 30_000);
        let odd = on(
            5,
            &ShortParams {
                max_steps: 1_000_000,
                ..auto.clone()
            },
        );
        assert_eq!(odd.cycle, 333_334, "three whole cycles");
        let one = on(
            5,
            &ShortParams {
                cycle: 5_000_000,
                ..auto.clone()
            },
        );
        assert_eq!(one.cycle, 5_000_000, "given: one cycle over the budget");
        let busy = on(
            4,
            &ShortParams {
                insert_rate: 1.0,
                ..auto
            },
        );
        assert_eq!(busy.short_rate, 0.0, "the shares never pass 1");
        assert!(busy.validate().is_ok());
    }

    /// A run file's parameters from before `build_candidates` existed get
    /// the value runs had then (0: as `insert_candidates`), so a 6x6 or 7x7
    /// run recorded then replays with its 3-cycle stage as it drew; one
    /// that has the key keeps it.
    #[test]
    fn a_run_file_without_build_candidates_draws_as_insert_candidates() {
        let mut old = toml::Table::new();
        old.insert("insert_candidates".into(), toml::Value::Integer(32));
        assert!(crate::renamed::fill_before(&params(), &mut old));
        assert_eq!(old.get("build_candidates"), Some(&toml::Value::Integer(0)));
        let p: ShortParams = old.try_into().unwrap();
        assert_eq!(on(7, &p).build_candidates, 32);
        let mut new = toml::Table::new();
        new.insert("build_candidates".into(), toml::Value::Integer(-1));
        crate::renamed::fill_before(&params(), &mut new);
        assert_eq!(new.get("build_candidates"), Some(&toml::Value::Integer(-1)));
    }
}
