//! Errors of the engine: one typed value, a `#[non_exhaustive]` kind and the offending value.
//! Its text (the kind's message and the value) is what a JavaScript caller gets as the
//! `Error`'s message, so the texts live here and nowhere else.

use crate::ranges::{self, Range};
use core::fmt;

/// What went wrong.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// `hz` is not within [`crate::ranges::HZ`].
    InvalidHz,
    /// `radius` is not within [`crate::ranges::RADIUS`].
    InvalidRadius,
    /// `inertia` is not within [`crate::ranges::INERTIA`].
    InvalidInertia,
    /// `mass` is not within [`crate::ranges::MASS`].
    InvalidMass,
    /// `warmup` is not 1, 2 or 3.
    InvalidWarmup,
    /// An input array does not have as many entries as `timeUs`.
    LengthMismatch,
    /// A batch carries device ω or α when the session's first batch did not, or the reverse.
    DeviceDataChanged,
    /// `push` or `finish` after `finish`.
    Finished,
}

impl ErrorKind {
    /// The setting and its range, for the four physical settings.
    fn range(self) -> Option<(&'static str, Range)> {
        match self {
            ErrorKind::InvalidHz => Some(("hz", ranges::HZ)),
            ErrorKind::InvalidRadius => Some(("radius", ranges::RADIUS)),
            ErrorKind::InvalidInertia => Some(("inertia", ranges::INERTIA)),
            ErrorKind::InvalidMass => Some(("mass", ranges::MASS)),
            _ => None,
        }
    }

    /// A sentence for the user of the API (ranges are named by [`Error`]'s text); the caller
    /// appends the offending value.
    pub fn message(self) -> &'static str {
        match self {
            ErrorKind::InvalidHz => "hz is out of range",
            ErrorKind::InvalidRadius => "radius is out of range",
            ErrorKind::InvalidInertia => "inertia is out of range",
            ErrorKind::InvalidMass => "mass is out of range",
            ErrorKind::InvalidWarmup => "warmup must be 1, 2 or 3 repetitions",
            ErrorKind::LengthMismatch => "every input array must have as many entries as timeUs",
            ErrorKind::DeviceDataChanged => {
                "device angular velocity/acceleration must be given in every batch of a session or in none"
            }
            ErrorKind::Finished => "the engine has finished; create a new one for more data",
        }
    }
}

/// An engine error: its kind and the value that caused it (a setting, or an array length).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Error {
    kind: ErrorKind,
    value: f64,
}

impl Error {
    /// An error of `kind` caused by `value`.
    pub fn new(kind: ErrorKind, value: f64) -> Error {
        Error { kind, value }
    }

    /// What went wrong.
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The offending value: the rejected setting, or the length of the mismatching array.
    pub fn value(&self) -> f64 {
        self.value
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind.range() {
            Some((name, r)) => {
                write!(f, "{name} must be a number from {} to {} {}", r.min, r.max, r.unit)?;
                if self.kind == ErrorKind::InvalidHz {
                    write!(f, ": {}", ranges::HZ_REASON)?;
                }
                write!(f, " (got {})", Shown(self.value))
            }
            None => write!(f, "{} (got {})", self.kind.message(), Shown(self.value)),
        }
    }
}

/// A number as a person writes it: 0.014, 200, 1e-320 (not 320 digits), NaN.
struct Shown(f64);

impl fmt::Display for Shown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let x = self.0;
        if x != 0.0 && x.is_finite() && !(1e-6..1e15).contains(&x.abs()) {
            write!(f, "{x:e}")
        } else {
            write!(f, "{x}")
        }
    }
}

impl std::error::Error for Error {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_carries_the_offending_value() {
        let e = Error::new(ErrorKind::InvalidHz, -5.0);
        assert_eq!(e.to_string(), format!("hz must be a number from 100 to 1000 Hz: {} (got -5)", ranges::HZ_REASON));
        let e = Error::new(ErrorKind::InvalidRadius, 1e-320);
        assert_eq!(e.to_string(), "radius must be a number from 0.002 to 0.2 m (got 1e-320)");
        assert_eq!(Error::new(ErrorKind::InvalidMass, f64::NAN).to_string(), "mass must be a number from 0 to 300 kg (got NaN)");
    }
}
