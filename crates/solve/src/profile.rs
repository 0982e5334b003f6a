//! How a solver describes itself to whoever shows it: the name of its
//! elementary step and the numbers it reports besides the energy. The screen
//! and the command line draw status rows and plots from this description, so
//! they never need to know which solver runs.

/// One number a solver reports with every snapshot, described once.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SeriesSpec {
    /// Short name: `temperature`, `acceptance`, `mean`, `phase fitness`.
    pub name: &'static str,
    /// A shorter name still, for a legend too narrow for `name` (the
    /// side plot on an 80-column screen): `name` unless set.
    pub short: &'static str,
    /// Unit shown after the value (`""`, `"%"`).
    pub unit: &'static str,
    /// Digits after the decimal point in the status row.
    pub decimals: usize,
    /// Shown value = reported value × scale (acceptance: 100 with unit `%`).
    pub scale: f64,
    /// Drawn in the side plot.
    pub side_plot: bool,
    /// Shown as a row of the status panel.
    pub status_row: bool,
    /// The part this series plays in the main plot, in place of the
    /// misplaced-sticker energy (see [`MainRole`]).
    pub main: MainRole,
    /// Belongs to the population view (`i`), in this role; such a series
    /// is drawn there, not in the side plot.
    pub population: Option<PopRole>,
}

/// The part a series plays in the main plot. A solver that optimises
/// something other than misplaced stickers (a phase's fitness) marks the
/// series it optimises with [`SeriesSpec::main`] (its best so far, which
/// never rises) and, optionally, the present value with
/// [`SeriesSpec::main_current`]; the main plot then shows those, named
/// after the [`MainRole::Best`] series.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MainRole {
    /// Not in the main plot.
    #[default]
    No,
    /// The main plot's "best" line, which names the plot.
    Best,
    /// The main plot's "current" line.
    Current,
}

/// What a series of the population view stands for: a line of the fitness
/// band (lower is fitter) or a share (0–1) of the diversity plot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PopRole {
    /// The fittest member's fitness (the band's lower edge).
    Min,
    /// The lower quartile of the fitness.
    LowerQuartile,
    Median,
    /// The upper quartile of the fitness.
    UpperQuartile,
    /// The least fit member's fitness (the band's upper edge).
    Max,
    /// A share between 0 and 1 (diversity, distinct chromosomes), drawn in
    /// the diversity plot under the series' name.
    Share,
}

impl SeriesSpec {
    /// A series shown as a status row and in the side plot, unscaled.
    pub const fn new(name: &'static str, decimals: usize) -> SeriesSpec {
        SeriesSpec {
            name,
            short: name,
            unit: "",
            decimals,
            scale: 1.0,
            side_plot: true,
            status_row: true,
            main: MainRole::No,
            population: None,
        }
    }

    /// The same series as the main plot's measure: its best so far (never
    /// rising), drawn as "best" in place of the misplaced-sticker energy.
    pub const fn main(mut self) -> SeriesSpec {
        self.main = MainRole::Best;
        self
    }

    /// The same series as the main plot's current value of its measure.
    pub const fn main_current(mut self) -> SeriesSpec {
        self.main = MainRole::Current;
        self
    }

    /// The same series in the population view, in `role`: neither in the
    /// side plot nor a status row.
    pub const fn population(mut self, role: PopRole) -> SeriesSpec {
        self.population = Some(role);
        self.side_plot = false;
        self.status_row = false;
        self
    }

    /// The same series with a unit and a display scale.
    pub const fn unit(mut self, unit: &'static str, scale: f64) -> SeriesSpec {
        self.unit = unit;
        self.scale = scale;
        self
    }

    /// The same series, named `short` in a legend too narrow for its name.
    pub const fn short(mut self, short: &'static str) -> SeriesSpec {
        self.short = short;
        self
    }

    /// The same series, not drawn in the side plot.
    pub const fn no_plot(mut self) -> SeriesSpec {
        self.side_plot = false;
        self
    }

    /// The same series, without a status row.
    pub const fn no_row(mut self) -> SeriesSpec {
        self.status_row = false;
        self
    }

    /// `value` as the status panel shows it (`—` when not a number yet).
    pub fn format(&self, value: f64) -> String {
        if !value.is_finite() {
            return "—".to_string();
        }
        let v = value * self.scale;
        let d = self.decimals;
        match self.unit {
            "" => format!("{v:.d$}"),
            u => format!("{v:.d$} {u}"),
        }
    }
}

/// What a solver is and what it reports; fixed for the solver's life.
#[derive(Clone, Debug, PartialEq)]
pub struct Profile {
    /// What one elementary step is called (`iteration`, `generation`, `window move`).
    pub step: &'static str,
    /// The numbers in [`Snapshot::values`](crate::api::Snapshot::values), in that order.
    pub series: Vec<SeriesSpec>,
}

impl Profile {
    /// Where the series called `name` sits in a snapshot's values.
    pub fn index(&self, name: &str) -> Option<usize> {
        self.series.iter().position(|s| s.name == name)
    }

    /// Where the series playing `part` in the main plot sits, if any.
    pub fn main(&self, part: MainRole) -> Option<usize> {
        if part == MainRole::No {
            return None;
        }
        self.series.iter().position(|s| s.main == part)
    }
    /// Whether the solver reports population series (the population view
    /// has something to show).
    pub fn has_population(&self) -> bool {
        self.series.iter().any(|s| s.population.is_some())
    }

    /// Where the population series in `role` sit, in order.
    pub fn population_indices(&self, role: PopRole) -> Vec<usize> {
        (self.series.iter().enumerate())
            .filter(|(_, s)| s.population == Some(role))
            .map(|(i, _)| i)
            .collect()
    }

    /// The value of the series called `name` in `values`, if reported.
    pub fn value(&self, values: &[f64], name: &str) -> Option<f64> {
        self.index(name).and_then(|i| values.get(i).copied())
    }
}
