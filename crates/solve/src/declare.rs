//! `declare_params!`: a solver's parameter struct written once — each
//! field with its type, default, kind and range, scale, whether it may
//! change during a run, and its meaning — from which the struct, its
//! `Default` (when every field has a default), its declaration
//! ([`Declared::declare`]), its numeric values ([`Declared::numbers`]) and
//! their setter ([`Declared::set_number`]) are generated. The checks of the
//! ranges, the live getters and setters and `cubetui presets NAME` all read
//! these, so a key is written in one place (and in the preset files, which
//! hold the presets' own values).

use crate::api::SolveError;
use crate::declare_variants::AsNumber;
use crate::params::{Kind, Live, ParamSpec, Scale};

/// What `declare_params!` generates for a parameter struct (and
/// `declare_variants!`, in `crate::declare_variants`, for a
/// parameter enum).
pub trait Declared {
    /// The declaration, keys prefixed with `prefix` (`""`, or `phase2.`),
    /// the defaults being this value's.
    fn declare(&self, prefix: &str) -> Vec<ParamSpec>;
    /// Every numeric value by key (unprefixed; a `nested()` group's as
    /// `group.key`), in declaration order.
    fn numbers(&self) -> Vec<(String, f64)>;
    /// Sets numeric `key` (unprefixed) to `v`, already checked against its
    /// range (a whole-number key takes it rounded); `false` for a key that
    /// is not a numeric field (or, in an enum, not one of this value's
    /// kind).
    fn set_number(&mut self, key: &str, v: f64) -> bool;
}

/// The declared choice of `choices` that `value` serialises to (its
/// default as the declaration shows it), else the first.
pub fn choice_of<T: serde::Serialize>(value: &T, choices: &'static [&'static str]) -> &'static str {
    let text = serde_json::to_value(value)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string));
    choices
        .iter()
        .find(|c| Some(**c) == text.as_deref())
        .or(choices.first())
        .copied()
        .unwrap_or("")
}

/// Checks every declared choice of `value` (read from its serialised form
/// by the dotted key) is one of its words; the error names the first that
/// is not: "`comm.stages` must be one of one, centres-edges-corners, got
/// `x`". A key the serialised form lacks passes.
pub fn check_choices<T: serde::Serialize>(
    value: &T,
    declared: &[ParamSpec],
) -> Result<(), SolveError> {
    let tree = serde_json::to_value(value).map_err(|e| SolveError::Parameter(e.to_string()))?;
    for spec in declared {
        let Kind::Choice(words) = spec.kind else {
            continue;
        };
        let got = spec
            .key
            .split('.')
            .try_fold(&tree, |node, part| node.get(part))
            .and_then(serde_json::Value::as_str);
        if let Some(got) = got.filter(|g| !words.contains(g)) {
            return Err(SolveError::Parameter(format!(
                "`{}` must be one of {}, got `{got}`",
                spec.key,
                words.join(", ")
            )));
        }
    }
    Ok(())
}

/// A numeric key declared once for every parameter struct that holds it
/// (the geometric schedule's `t0`, `alpha`, `per_temperature` and `t_min`
/// are held by `sa`'s schedule and by each phase of `phases-sa`): its
/// kind and range, scale, whether it may change during a run, and its
/// meaning. The holding field gives the key's name and its default; a
/// field takes it as `key: type => CONST,` (`declare_params!`,
/// `declare_variants!`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SharedKey {
    range: Range,
    scale: Scale,
    live: Live,
    meaning: &'static str,
}

/// The values a [`SharedKey`] takes.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Range {
    Int(i64, i64),
    Float(f64, f64),
}

impl SharedKey {
    /// A whole-number key in `min..=max`.
    pub const fn int(
        (min, max): (i64, i64),
        scale: Scale,
        live: Live,
        meaning: &'static str,
    ) -> SharedKey {
        SharedKey {
            range: Range::Int(min, max),
            scale,
            live,
            meaning,
        }
    }

    /// A number in `min..=max`.
    pub const fn float(
        (min, max): (f64, f64),
        scale: Scale,
        live: Live,
        meaning: &'static str,
    ) -> SharedKey {
        SharedKey {
            range: Range::Float(min, max),
            scale,
            live,
            meaning,
        }
    }

    /// The declaration of this key as `key`, its default `v`.
    pub fn spec(&self, key: String, v: impl AsNumber) -> ParamSpec {
        let (scale, live, meaning) = (self.scale, self.live, self.meaning);
        match self.range {
            Range::Int(min, max) => {
                ParamSpec::int(key, (min, max), v.number() as i64, scale, live, meaning)
            }
            Range::Float(min, max) => {
                ParamSpec::float(key, (min, max), v.number(), scale, live, meaning)
            }
        }
    }
}

/// Declares a parameter struct once. Each field reads
///
/// ```text
/// /// doc comment
/// key: type = default => kind(args), Live, "meaning",
/// ```
///
/// where `kind(args)` is `int(min, max, Scale)` (`max` may be `i64::MAX`:
/// no bound), `float(min, max, Scale)`, `unit()` (a fraction `0 – 1`,
/// linear), `choice(LIST)` (a `&'static [&str]`; the default shown is the
/// one the field's value serialises to) or `flag()` (a `bool`, never live);
/// `Live` is `Yes` or `No`. A key declared once for several structs
/// reads `key: type = default => CONST,` (a [`SharedKey`] constant in
/// scope: its kind, range, scale, `Live` and meaning). Two more forms,
/// only with defaults:
///
/// ```text
/// group: Type = default => nested(),
/// given: Type = default,
/// ```
///
/// `nested()` is a field whose type is [`Declared`] itself (a struct of
/// this macro, or an enum of `declare_variants!`):
/// its keys are declared as `group.key`, in place. A field with no `=>` is
/// not a parameter (a value the program hands over): it is in the struct
/// and its `Default`, and nowhere else. Leave out every `= default` for a
/// struct without `Default` (a phase's parameters, whose defaults come from
/// the enclosing solver's).
macro_rules! declare_params {
    (
        $(#[$sattr:meta])*
        $vis:vis struct $name:ident {
            $(
                $(#[$fattr:meta])*
                $field:ident : $ty:ty => $kind:ident $(( $($karg:tt)* ), $live:ident, $meaning:expr)?,
            )+
        }
    ) => {
        $(#[$sattr])*
        $vis struct $name {
            $(
                $(#[$fattr])*
                pub $field: $ty,
            )+
        }

        impl $crate::declare::Declared for $name {
            #[allow(clippy::vec_init_then_push)]
            fn declare(&self, prefix: &str) -> Vec<$crate::params::ParamSpec> {
                let mut out = Vec::new();
                $(
                    $crate::declare::declare_params!(
                        @specs out, $kind [$(( $($karg)* ), $live, $meaning)?], prefix, $field, self.$field
                    );
                )+
                out
            }

            #[allow(clippy::vec_init_then_push)]
            fn numbers(&self) -> Vec<(String, f64)> {
                let mut out = Vec::new();
                $(
                    $crate::declare::declare_params!(
                        @number out, $kind [$(( $($karg)* ))?], $field, self.$field
                    );
                )+
                out
            }

            fn set_number(&mut self, key: &str, v: f64) -> bool {
                $(
                    $crate::declare::declare_params!(
                        @set $kind [$(( $($karg)* ))?], $field, self.$field, key, v
                    );
                )+
                false
            }
        }
    };
    // With defaults: each field is brought to one form (`nested()` and
    // a field with no `=>` take `No, ""`), then declared as above.
    (
        $(#[$sattr:meta])*
        $vis:vis struct $name:ident { $($body:tt)* }
    ) => {
        $crate::declare::declare_params! {
            @norm [$(#[$sattr])* $vis struct $name] [] $($body)*
        }
    };
    (@norm $head:tt [$($done:tt)*]
        $(#[$fattr:meta])*
        $field:ident : $ty:ty = $default:expr => $kind:ident ( $($karg:tt)* ), $live:ident, $meaning:expr,
        $($rest:tt)*
    ) => {
        $crate::declare::declare_params! {
            @norm $head [$($done)* {
                $(#[$fattr])* $field : $ty = $default => $kind ( $($karg)* ), $live, $meaning
            }] $($rest)*
        }
    };
    (@norm $head:tt [$($done:tt)*]
        $(#[$fattr:meta])*
        $field:ident : $ty:ty = $default:expr => $key:ident,
        $($rest:tt)*
    ) => {
        $crate::declare::declare_params! {
            @norm $head [$($done)* {
                $(#[$fattr])* $field : $ty = $default => $key
            }] $($rest)*
        }
    };
    (@norm $head:tt [$($done:tt)*]
        $(#[$fattr:meta])*
        $field:ident : $ty:ty = $default:expr => nested(),
        $($rest:tt)*
    ) => {
        $crate::declare::declare_params! {
            @norm $head [$($done)* {
                $(#[$fattr])* $field : $ty = $default => nested(), No, ""
            }] $($rest)*
        }
    };
    (@norm $head:tt [$($done:tt)*]
        $(#[$fattr:meta])*
        $field:ident : $ty:ty = $default:expr,
        $($rest:tt)*
    ) => {
        $crate::declare::declare_params! {
            @norm $head [$($done)* {
                $(#[$fattr])* $field : $ty = $default => given(), No, ""
            }] $($rest)*
        }
    };
    (@norm [$(#[$sattr:meta])* $vis:vis struct $name:ident] [$({
        $(#[$fattr:meta])*
        $field:ident : $ty:ty = $default:expr => $kind:ident $(( $($karg:tt)* ), $live:ident, $meaning:expr)?
    })+]) => {
        $crate::declare::declare_params! {
            $(#[$sattr])*
            $vis struct $name {
                $(
                    $(#[$fattr])*
                    $field : $ty => $kind $(( $($karg)* ), $live, $meaning)?,
                )+
            }
        }

        impl Default for $name {
            fn default() -> Self {
                $name {
                    $($field: $default,)+
                }
            }
        }
    };
    (@specs $out:ident, $key:ident [], $prefix:expr, $field:ident, $v:expr) => {
        $out.push($crate::declare::declare_params!(
            @one $key [], format!(concat!("{}", stringify!($field)), $prefix), $v
        ))
    };
    (@specs $out:ident, nested [(), $live:ident, $meaning:expr], $prefix:expr, $field:ident, $v:expr) => {
        $out.extend($crate::declare::Declared::declare(
            &$v,
            &format!(concat!("{}", stringify!($field), "."), $prefix),
        ))
    };
    (@specs $out:ident, given [(), $live:ident, $meaning:expr], $prefix:expr, $field:ident, $v:expr) => {};
    (@specs $out:ident, $kind:ident [$args:tt, $live:ident, $meaning:expr], $prefix:expr, $field:ident, $v:expr) => {
        $out.push($crate::declare::declare_params!(
            @one $kind [$args, $live, $meaning],
            format!(concat!("{}", stringify!($field)), $prefix),
            $v
        ))
    };
    // One key's declaration: a shared key's, or from its kind's arguments.
    (@one $key:ident [], $name:expr, $v:expr) => {
        $crate::declare::SharedKey::spec(&$key, $name, $v)
    };
    (@one $kind:ident [( $($karg:tt)* ), $live:ident, $meaning:expr], $name:expr, $v:expr) => {
        $crate::declare::declare_params!(@spec $kind ( $($karg)* ), $name, $v, $live, $meaning)
    };
    (@spec int ($min:expr, $max:expr, $scale:ident), $key:expr, $v:expr, $live:ident, $meaning:expr) => {
        $crate::params::ParamSpec::int(
            $key,
            ($min, $max),
            $v,
            $crate::params::Scale::$scale,
            $crate::params::Live::$live,
            $meaning,
        )
    };
    (@spec float ($min:expr, $max:expr, $scale:ident), $key:expr, $v:expr, $live:ident, $meaning:expr) => {
        $crate::params::ParamSpec::float(
            $key,
            ($min, $max),
            $v,
            $crate::params::Scale::$scale,
            $crate::params::Live::$live,
            $meaning,
        )
    };
    (@spec unit (), $key:expr, $v:expr, $live:ident, $meaning:expr) => {
        $crate::params::ParamSpec::unit($key, $v, $crate::params::Live::$live, $meaning)
    };
    (@spec choice ($choices:expr), $key:expr, $v:expr, $live:ident, $meaning:expr) => {
        $crate::params::ParamSpec::choice(
            $key,
            $choices,
            $crate::declare::choice_of(&$v, $choices),
            $crate::params::Live::$live,
            $meaning,
        )
    };
    (@spec flag (), $key:expr, $v:expr, No, $meaning:expr) => {
        $crate::params::ParamSpec::bool($key, $v, $meaning)
    };
    (@number $out:ident, $key:ident [], $field:ident, $v:expr) => {
        $out.push((
            stringify!($field).to_string(),
            $crate::declare_variants::AsNumber::number($v),
        ))
    };
    (@number $out:ident, int $args:tt, $field:ident, $v:expr) => {
        $out.push((stringify!($field).to_string(), $v as f64))
    };
    (@number $out:ident, float $args:tt, $field:ident, $v:expr) => {
        $out.push((stringify!($field).to_string(), $v))
    };
    (@number $out:ident, unit $args:tt, $field:ident, $v:expr) => {
        $out.push((stringify!($field).to_string(), $v))
    };
    (@number $out:ident, nested $args:tt, $field:ident, $v:expr) => {
        $out.extend(
            $crate::declare::Declared::numbers(&$v)
                .into_iter()
                .map(|(k, v)| (format!(concat!(stringify!($field), ".{}"), k), v)),
        )
    };
    (@number $out:ident, $other:ident $args:tt, $field:ident, $v:expr) => {};
    (@set $shared:ident [], $field:ident, $place:expr, $key:ident, $v:ident) => {
        if $key == stringify!($field) {
            $place = $crate::declare_variants::AsNumber::from_number($v);
            return true;
        }
    };
    (@set int $args:tt, $field:ident, $place:expr, $key:ident, $v:ident) => {
        if $key == stringify!($field) {
            $place = $v as _;
            return true;
        }
    };
    (@set float $args:tt, $field:ident, $place:expr, $key:ident, $v:ident) => {
        if $key == stringify!($field) {
            $place = $v;
            return true;
        }
    };
    (@set unit $args:tt, $field:ident, $place:expr, $key:ident, $v:ident) => {
        $crate::declare::declare_params!(@set float $args, $field, $place, $key, $v)
    };
    (@set nested $args:tt, $field:ident, $place:expr, $key:ident, $v:ident) => {
        if let Some(leaf) = $key.strip_prefix(concat!(stringify!($field), ".")) {
            return $crate::declare::Declared::set_number(&mut $place, leaf, $v);
        }
    };
    (@set $other:ident $args:tt, $field:ident, $place:expr, $key:ident, $v:ident) => {};
}

pub(crate) use declare_params;

#[cfg(test)]
mod tests {
    use super::Declared;
    use crate::params::{Kind, Value};
    use serde::{Deserialize, Serialize};

    #[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
    #[serde(rename_all = "kebab-case")]
    enum Way {
        Slow,
        VeryFast,
    }

    declare_params! {
        /// A struct of every kind.
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
        struct Every {
            /// A count.
            count: u32 = 7 => int(1, i64::MAX, Log), Yes, "a count",
            /// A rate.
            rate: f64 = 0.25 => unit(), No, "a rate",
            /// A temperature.
            t: f64 = 2.0 => float(0.5, 10.0, Log), Yes, "a temperature",
            /// A way.
            way: Way = Way::VeryFast => choice(&["slow", "very-fast"]), No, "a way",
            /// A flag.
            on: bool = true => flag(), No, "a flag",
        }
    }

    #[test]
    fn one_declaration_gives_default_declaration_values_and_setter() {
        let mut e = Every::default();
        assert_eq!(
            (e.count, e.rate, e.t, e.way, e.on),
            (7, 0.25, 2.0, Way::VeryFast, true)
        );
        let d = e.declare("p.");
        let keys: Vec<&str> = d.iter().map(|s| s.key.as_str()).collect();
        assert_eq!(keys, ["p.count", "p.rate", "p.t", "p.way", "p.on"]);
        assert_eq!(
            d[0].kind,
            Kind::Int {
                min: 1,
                max: i64::MAX
            }
        );
        assert_eq!(d[0].default, Value::Int(7));
        assert!(d[0].live && !d[1].live && d[2].live && !d[4].live);
        assert_eq!(d[1].range(), "0 – 1");
        assert_eq!(d[2].range(), "0.5 – 10");
        assert_eq!(d[3].default, Value::Text("very-fast"));
        assert_eq!(d[4].kind, Kind::Bool);
        let numbers = [("count", 7.0), ("rate", 0.25), ("t", 2.0)].map(|(k, v)| (k.to_string(), v));
        assert_eq!(e.numbers(), numbers);
        assert!(e.set_number("count", 9.0) && e.count == 9);
        assert!(e.set_number("t", 3.5) && e.t == 3.5);
        assert!(!e.set_number("way", 1.0) && !e.set_number("nope", 1.0));
        assert_eq!(e.way, Way::VeryFast);
    }

    declare_params! {
        /// A struct holding another, and a value that is no parameter.
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
        struct Outer {
            /// A group.
            inner: Every = Every::default() => nested(),
            /// Handed over, not declared.
            #[serde(skip)]
            given: u8 = 3,
            /// A number after the group.
            n: u32 = 2 => int(0, 9, Linear), Yes, "n",
        }
    }

    #[test]
    fn a_nested_group_is_declared_held_and_set_under_its_name() {
        let mut o = Outer::default();
        assert_eq!(o.given, 3);
        let keys: Vec<String> = o.declare("").into_iter().map(|s| s.key).collect();
        assert_eq!(
            keys,
            [
                "inner.count",
                "inner.rate",
                "inner.t",
                "inner.way",
                "inner.on",
                "n"
            ]
        );
        let keys: Vec<String> = o.numbers().into_iter().map(|(k, _)| k).collect();
        assert_eq!(keys, ["inner.count", "inner.rate", "inner.t", "n"]);
        assert!(o.set_number("inner.t", 4.0) && o.inner.t == 4.0);
        assert!(o.set_number("n", 5.0) && o.n == 5);
        assert!(!o.set_number("given", 1.0) && !o.set_number("inner.nope", 1.0));
        assert!(!o.set_number("t", 1.0), "a group's key only under its name");
    }

    const SHARED_T: super::SharedKey = super::SharedKey::float(
        (0.5, 10.0),
        crate::params::Scale::Log,
        crate::params::Live::Yes,
        "a temperature declared once",
    );
    const SHARED_N: super::SharedKey = super::SharedKey::int(
        (1, 99),
        crate::params::Scale::Linear,
        crate::params::Live::No,
        "a count declared once",
    );

    declare_params! {
        /// Two shared keys, no defaults.
        #[derive(Clone, Debug, PartialEq)]
        struct Holder {
            /// A shared float.
            t: f64 => SHARED_T,
            /// A shared count.
            n: u64 => SHARED_N,
            /// A key of its own.
            own: f64 => unit(), Yes, "own",
        }
    }

    declare_params! {
        /// A shared key with a default.
        #[derive(Clone, Debug, PartialEq)]
        struct WithDefault {
            /// A shared float.
            t: f64 = 4.0 => SHARED_T,
        }
    }

    #[test]
    fn a_shared_key_is_declared_held_and_set_as_its_declaration_says() {
        let mut h = Holder {
            t: 2.0,
            n: 5,
            own: 0.5,
        };
        let d = h.declare("p.");
        assert_eq!(d[0].key, "p.t");
        assert_eq!(
            d[0].kind,
            Kind::Float {
                min: 0.5,
                max: 10.0
            }
        );
        assert_eq!(d[0].default, Value::Float(2.0));
        assert!(d[0].live && d[0].meaning == "a temperature declared once");
        assert_eq!(d[1].key, "p.n");
        assert_eq!(d[1].kind, Kind::Int { min: 1, max: 99 });
        assert_eq!(d[1].default, Value::Int(5));
        assert!(!d[1].live);
        assert_eq!(d[2].key, "p.own");
        let keys: Vec<String> = h.numbers().into_iter().map(|(k, _)| k).collect();
        assert_eq!(keys, ["t", "n", "own"]);
        assert!(h.set_number("t", 3.0) && h.t == 3.0);
        assert!(h.set_number("n", 7.0) && h.n == 7);
        assert!(!h.set_number("nope", 1.0));
        let w = WithDefault::default();
        assert_eq!(w.t, 4.0);
        assert_eq!(w.declare("")[0].default, Value::Float(4.0));
    }
}
