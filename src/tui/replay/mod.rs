//! A recorded run on the screen (`cubetui replay FILE`): the run file's
//! points, marks and states, and a cursor over the points that the keys
//! move and playback advances. No solver runs: the plots are the whole
//! recorded run, folded once into the app's [`Track`](cubetui_run::runner::Track)
//! ([`Replay::update`]); the net and the status show the point at the
//! cursor. Pure: the glue (`glue.rs`) puts it in the app and routes the
//! keys to it.

pub mod glue;

use thiserror::Error;

use cubetui_cube::AnyCube;
use cubetui_cube::nxn::Size;
use cubetui_run::record::{Event, Header, RecordError, RunFile, RunResult};
use cubetui_run::runner::{Mark, Point, RunState, Update};
use cubetui_solve::{Profile, SeriesSpec};

/// Seconds the whole run takes to play back at rate ×1.
pub const PLAY_SECONDS: f64 = 10.0;

/// The slowest and the fastest playback rates, as powers of two of ×1.
const RATE_MIN: i32 = -6;
const RATE_MAX: i32 = 6;

/// Why a run file cannot be shown.
#[derive(Debug, Error)]
pub enum ReplayError {
    /// The header's start is not a cube.
    #[error(transparent)]
    Record(#[from] RecordError),
    /// A point's state is not a cube.
    #[error("the state recorded at step {step} is not a cube: {why}")]
    State { step: u64, why: String },
}

/// One recorded point.
#[derive(Clone, Debug, PartialEq)]
pub struct At {
    /// Steps run when it was taken.
    pub step: u64,
    /// The plot series (`NaN`: no value).
    pub values: Vec<f64>,
    /// The solver's current state, where the file has it.
    pub state: Option<AnyCube>,
}

/// A change of phase, generator or knob, at a step.
#[derive(Clone, Debug, PartialEq)]
struct Change {
    step: u64,
    /// `phase`, `generator`, or the knob's key.
    what: String,
    to: String,
}

/// A recorded state of `size` from its facelets (the 3×3 on its kernel).
fn state(size: Size, facelets: &str) -> Result<AnyCube, String> {
    AnyCube::from_facelets(size, facelets)
}

/// The stickers off their face's colour (the `facelets` energy), any size.
pub fn misplaced(cube: &AnyCube) -> usize {
    match cube {
        AnyCube::Three(c) => c.misplaced() as usize,
        AnyCube::Nxn(c) => c.misplaced(),
    }
}

/// A recorded run and the cursor over its points.
#[derive(Clone, Debug)]
pub struct Replay {
    /// The file, as the status panel names it.
    name: String,
    header: Header,
    result: Option<RunResult>,
    profile: Profile,
    start: AnyCube,
    points: Vec<At>,
    changes: Vec<Change>,
    marks: Vec<Mark>,
    cursor: usize,
    playing: bool,
    /// Playback rate: ×2^rate of the rate that plays the run in
    /// [`PLAY_SECONDS`].
    rate: i32,
    /// Frames per second of the screen (ticks).
    fps: u32,
    /// Points of playback owed but not yet moved (a fraction of one).
    carry: f64,
}

impl Replay {
    /// The run `file` (named `name` on screen), drawn at `fps` frames per
    /// second. `profile` is what the solver the header names reports, when
    /// it could be built: used if its series are the header's, else the
    /// header's series are plotted plainly (each a status row and a side
    /// plot, three decimals).
    ///
    /// # Errors
    /// Start or point facelets that are not a valid cube.
    pub fn new(
        name: &str,
        file: RunFile,
        profile: Option<Profile>,
        fps: u32,
    ) -> Result<Replay, ReplayError> {
        // Any size (the command line shows the screen's sizes only).
        let start = file.header.start()?;
        let size = start.size();
        let names = |p: &Profile| p.series.iter().map(|s| s.name).collect::<Vec<_>>();
        let profile = match profile {
            Some(p) if names(&p) == file.header.series && p.step == file.header.step_unit => p,
            _ => plain_profile(&file.header),
        };
        let (mut points, mut changes, mut marks) = (Vec::new(), Vec::new(), Vec::new());
        for e in file.events {
            let (step, what, to, label) = match e {
                Event::Point {
                    step,
                    values,
                    facelets,
                } => {
                    let state = match facelets {
                        Some(f) => {
                            Some(state(size, &f).map_err(|why| ReplayError::State { step, why })?)
                        }
                        None => None,
                    };
                    let values = values.iter().map(|v| v.unwrap_or(f64::NAN)).collect();
                    points.push(At {
                        step,
                        values,
                        state,
                    });
                    continue;
                }
                Event::Phase { to, step, .. } => (step, "phase".to_string(), to.clone(), to),
                Event::Generator { to, step, .. } => {
                    let label = format!("generator → {to}");
                    (step, "generator".to_string(), to, label)
                }
                Event::Knob {
                    knob,
                    from,
                    to,
                    step,
                } => {
                    let leaf = knob.rsplit('.').next().unwrap_or(&knob);
                    let old = from.map_or_else(|| "?".to_string(), cubetui_run::numbers::knob);
                    let label = format!("{leaf} {old}→{}", cubetui_run::numbers::knob(to));
                    (step, knob, cubetui_run::numbers::knob(to), label)
                }
                Event::Result(_) => continue,
            };
            changes.push(Change { step, what, to });
            marks.push(Mark {
                iteration: step,
                label,
            });
        }
        points.sort_by_key(|p| p.step);
        Ok(Replay {
            name: name.to_string(),
            header: file.header,
            result: file.result,
            profile,
            start,
            points,
            changes,
            marks,
            cursor: 0,
            playing: false,
            rate: 0,
            fps: fps.max(1),
            carry: 0.0,
        })
    }

    /// The whole recorded run as one runner update of `epoch`: the profile,
    /// every point (its energy the misplaced stickers of the recorded
    /// state, where there is one) and every mark.
    pub fn update(&self, epoch: u64) -> Update {
        let state = match &self.result {
            Some(r) if r.solved => RunState::Solved,
            Some(r) if !r.interrupted => RunState::Exhausted,
            _ => RunState::Paused,
        };
        let mut u = Update::new(epoch, state);
        u.profile = Some(self.profile.clone());
        let mut best = f64::INFINITY;
        u.points = self
            .points
            .iter()
            .map(|p| {
                let energy = p.state.as_ref().map_or(f64::NAN, |c| misplaced(c) as f64);
                best = best.min(energy);
                Point {
                    iteration: p.step,
                    energy,
                    best: if best.is_finite() { best } else { f64::NAN },
                    values: p.values.clone(),
                    to_solved: f64::NAN,
                }
            })
            .collect();
        u.marks = self.marks.clone();
        u
    }

    /// The file as the status panel names it.
    pub fn name(&self) -> &str {
        &self.name
    }
    pub fn header(&self) -> &Header {
        &self.header
    }
    /// How the run ended, if it got to write its result.
    pub fn result(&self) -> Option<&RunResult> {
        self.result.as_ref()
    }
    pub fn start(&self) -> AnyCube {
        self.start.clone()
    }
    pub fn len(&self) -> usize {
        self.points.len()
    }
    pub fn is_empty(&self) -> bool {
        self.points.is_empty()
    }
    /// The point under the cursor (0-based; 0 when there are none).
    pub fn cursor(&self) -> usize {
        self.cursor
    }
    /// The point under the cursor, if the file has any.
    pub fn at(&self) -> Option<&At> {
        self.points.get(self.cursor)
    }
    /// Whether the file records the solver's states (newer files do).
    pub fn has_states(&self) -> bool {
        self.points.iter().any(|p| p.state.is_some())
    }
    /// The state at the cursor: the latest recorded one up to it, else the start.
    pub fn cube(&self) -> AnyCube {
        let upto = self.points.len().min(self.cursor + 1);
        self.points[..upto]
            .iter()
            .rev()
            .find_map(|p| p.state.clone())
            .unwrap_or_else(|| self.start.clone())
    }
    /// The steps at the cursor.
    pub fn step(&self) -> u64 {
        self.at().map_or(0, |p| p.step)
    }
    /// The latest value of `what` (`phase`, `generator`, a knob's key) set
    /// at or before the cursor's step.
    pub fn latest(&self, what: &str) -> Option<&str> {
        let step = self.step();
        self.changes
            .iter()
            .rev()
            .find(|c| c.what == what && c.step <= step)
            .map(|c| c.to.as_str())
    }
    /// The knobs changed at or before the cursor, each with its latest value.
    pub fn knobs(&self) -> Vec<(&str, &str)> {
        let mut out: Vec<(&str, &str)> = Vec::new();
        for c in self.changes.iter().filter(|c| c.step <= self.step()) {
            if c.what == "phase" || c.what == "generator" {
                continue;
            }
            out.retain(|(k, _)| *k != c.what);
            out.push((c.what.as_str(), c.to.as_str()));
        }
        out
    }
    pub fn playing(&self) -> bool {
        self.playing
    }
    /// The playback rate as a factor of the rate that plays the run in
    /// [`PLAY_SECONDS`].
    pub fn rate(&self) -> f64 {
        2f64.powi(self.rate)
    }

    /// The playback rate as shown: `1`, `2`, `1/4`.
    pub fn rate_label(&self) -> String {
        match self.rate {
            r if r >= 0 => format!("{}", 1u64 << r),
            r => format!("1/{}", 1u64 << -r),
        }
    }

    /// Moves the cursor by `delta` points (clamped to the run); pauses.
    pub fn step_by(&mut self, delta: i64) {
        self.playing = false;
        let last = self.points.len().saturating_sub(1) as i64;
        self.cursor = (self.cursor as i64 + delta).clamp(0, last) as usize;
    }
    /// Moves the cursor a tenth of the run's steps (a tenth of the plots'
    /// width; at least one point): to the first point at or past that step
    /// forward, the last at or before it back. Pauses.
    pub fn jump(&mut self, forward: bool) {
        let (Some(first), Some(last)) = (self.points.first(), self.points.last()) else {
            return self.step_by(0);
        };
        let tenth = (last.step.saturating_sub(first.step) / 10).max(1);
        let now = self.step();
        let to = if forward {
            let target = now.saturating_add(tenth);
            self.points
                .iter()
                .position(|p| p.step >= target)
                .unwrap_or(self.points.len() - 1)
        } else {
            let target = now.saturating_sub(tenth);
            self.points
                .iter()
                .rposition(|p| p.step <= target)
                .unwrap_or(0)
        };
        let to = match to.cmp(&self.cursor) {
            std::cmp::Ordering::Equal if forward => to + 1,
            std::cmp::Ordering::Equal => to.saturating_sub(1),
            _ => to,
        };
        self.step_by(to as i64 - self.cursor as i64);
    }
    /// The first point; pauses.
    pub fn home(&mut self) {
        self.playing = false;
        self.cursor = 0;
    }
    /// The last point; pauses.
    pub fn end(&mut self) {
        self.playing = false;
        self.cursor = self.points.len().saturating_sub(1);
    }
    /// Plays (from the first point when at the last) or pauses.
    pub fn toggle_play(&mut self) {
        if self.playing {
            self.playing = false;
            return;
        }
        if self.cursor + 1 >= self.points.len() {
            self.cursor = 0;
        }
        self.playing = self.points.len() > 1;
        self.carry = 0.0;
    }
    /// Plays faster (`true`) or slower, within ×1/64 … ×64.
    pub fn faster(&mut self, faster: bool) {
        self.rate = (self.rate + if faster { 1 } else { -1 }).clamp(RATE_MIN, RATE_MAX);
    }
    /// One frame went by: while playing, the cursor advances by the
    /// points due at the rate; it stops at the last point. Returns whether
    /// the cursor moved or playback stopped.
    pub fn tick(&mut self) -> bool {
        if !self.playing {
            return false;
        }
        let per_frame = self.points.len() as f64 / (PLAY_SECONDS * f64::from(self.fps));
        self.carry += per_frame * self.rate();
        let due = self.carry.floor();
        self.carry -= due;
        let last = self.points.len().saturating_sub(1);
        let before = self.cursor;
        self.cursor = (self.cursor + due as usize).min(last);
        if self.cursor >= last {
            self.playing = false;
            return true;
        }
        self.cursor != before
    }
}

/// What the screen shows of a header whose solver did not describe
/// itself: its series by name (each a status row and a side plot) and its
/// step unit. The names live as long as the program (a replay opens once).
fn plain_profile(h: &Header) -> Profile {
    let leak = |s: &str| -> &'static str { Box::leak(s.to_string().into_boxed_str()) };
    Profile {
        step: leak(&h.step_unit),
        series: h
            .series
            .iter()
            .map(|n| SeriesSpec::new(leak(n), 3))
            .collect(),
    }
}
