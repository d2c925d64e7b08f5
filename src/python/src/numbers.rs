//! Numbers given to the package's functions. Python code passes any
//! integer (a bool, a numpy integer, one past 64 bits) and times as floats
//! (`time_ms=self.T * 400`); each is read whole and checked against the
//! argument's range, so that a bad one raises `WarcabyError` (a
//! `ValueError`) naming the argument instead of PyO3's `OverflowError`.

use crate::errors::bad_input;
use pyo3::exceptions::PyOverflowError;
use pyo3::prelude::*;
use std::fmt::Display;
use std::ops::RangeInclusive;

/// An integer argument of any size: past 128 bits it saturates, which no
/// range of the package allows.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Int(i128);

impl<'a, 'py> FromPyObject<'a, 'py> for Int {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Int> {
        match obj.extract::<i128>() {
            Ok(value) => Ok(Int(value)),
            Err(e) if e.is_instance_of::<PyOverflowError>(obj.py()) => {
                let negative = obj.lt(0)?;
                Ok(Int(if negative { i128::MIN } else { i128::MAX }))
            }
            Err(e) => Err(e),
        }
    }
}

impl Int {
    /// A default value.
    pub(crate) const fn new(value: i128) -> Int {
        Int(value)
    }

    /// The value, if it is in `valid`; else a `WarcabyError` saying what
    /// `name` must be (`depth must be 1-64, got -3`).
    pub(crate) fn within<T>(self, name: &str, valid: RangeInclusive<T>) -> PyResult<T>
    where
        T: TryFrom<i128> + PartialOrd + Display + Copy,
        i128: TryFrom<T>,
    {
        match T::try_from(self.0) {
            Ok(value) if valid.contains(&value) => Ok(value),
            _ => Err(bad_input(format!(
                "{name} must be {}, got {}",
                range_text(&valid),
                self.text()
            ))),
        }
    }

    fn text(self) -> String {
        match self.0 {
            i128::MAX => "a number past 128 bits".to_string(),
            i128::MIN => "a negative number past 128 bits".to_string(),
            value => value.to_string(),
        }
    }
}

/// `1-64`, or `an integer of at least 0` for a range to the type's end.
fn range_text<T>(valid: &RangeInclusive<T>) -> String
where
    T: Display + Copy,
    i128: TryFrom<T>,
{
    let open_ended = i128::try_from(*valid.end()).map_or(true, |end| end >= i128::from(u32::MAX));
    if open_ended {
        format!("an integer of at least {}", valid.start())
    } else {
        format!("{}-{}", valid.start(), valid.end())
    }
}

/// A real-number argument (an int or a float): an integer too large for a
/// float reads as infinity, which no range of the package allows.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Real(pub(crate) f64);

impl<'a, 'py> FromPyObject<'a, 'py> for Real {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Real> {
        match obj.extract::<f64>() {
            Ok(value) => Ok(Real(value)),
            Err(e) if e.is_instance_of::<PyOverflowError>(obj.py()) => {
                let negative = obj.lt(0)?;
                Ok(Real(if negative {
                    f64::NEG_INFINITY
                } else {
                    f64::INFINITY
                }))
            }
            Err(e) => Err(e),
        }
    }
}

impl Real {
    /// The value if it is positive and finite; else a `WarcabyError` naming
    /// `name`.
    pub(crate) fn positive(self, name: &str) -> PyResult<f64> {
        if self.0.is_finite() && self.0 > 0.0 {
            Ok(self.0)
        } else {
            Err(bad_input(format!(
                "{name} must be a positive number, got {}",
                self.0
            )))
        }
    }

    /// A positive number of milliseconds as whole milliseconds for the
    /// engine's limits: rounded, and at least 1 (`0.5` gives 1).
    pub(crate) fn whole_millis(self, name: &str) -> PyResult<u64> {
        let ms = self.positive(name)?;
        Ok(ms.round().clamp(1.0, u64::MAX as f64) as u64)
    }
}
