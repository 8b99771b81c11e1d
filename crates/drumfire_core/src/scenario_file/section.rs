//! A rule set's section of a scenario file: written under the rule set's id
//! (`great_war: (...)`), read by the rule set's own type, held by the core without
//! knowing what is in it.

use serde::{Serialize, Serializer};
use std::any::Any;
use std::fmt;

/// What a rule set's section type must be: cloned with the file (the editor's undo
/// keeps whole files), compared, printed and written back.
pub trait SectionData: Any + Send + Sync + fmt::Debug {
    /// A boxed copy.
    fn clone_box(&self) -> Box<dyn SectionData>;
    /// Is `other` the same type and equal?
    fn eq_dyn(&self, other: &dyn SectionData) -> bool;
    /// The value to write.
    fn erased(&self) -> &dyn erased_serde::Serialize;
    /// For downcasting.
    fn as_any(&self) -> &dyn Any;
    /// For downcasting, to change it.
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

impl<T> SectionData for T
where
    T: Any + Send + Sync + fmt::Debug + Clone + PartialEq + Serialize,
{
    fn clone_box(&self) -> Box<dyn SectionData> {
        Box::new(self.clone())
    }
    fn eq_dyn(&self, other: &dyn SectionData) -> bool {
        other.as_any().downcast_ref::<T>() == Some(self)
    }
    fn erased(&self) -> &dyn erased_serde::Serialize {
        self
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}

/// A rule set's section, as read: the rule set's id (the key it was written under)
/// and its contents.
pub struct RulesSection {
    /// The rule set whose section it is.
    pub rules: &'static str,
    data: Box<dyn SectionData>,
}

impl RulesSection {
    /// The section of rule set `rules`.
    pub fn new<T: SectionData>(rules: &'static str, data: T) -> Self {
        Self {
            rules,
            data: Box::new(data),
        }
    }

    /// Its contents, if they are a `T`.
    pub fn get<T: SectionData>(&self) -> Option<&T> {
        self.data.as_any().downcast_ref()
    }

    /// Its contents to change, if they are a `T`.
    pub fn get_mut<T: SectionData>(&mut self) -> Option<&mut T> {
        self.data.as_any_mut().downcast_mut()
    }
}

impl Clone for RulesSection {
    fn clone(&self) -> Self {
        Self {
            rules: self.rules,
            data: self.data.clone_box(),
        }
    }
}

impl PartialEq for RulesSection {
    fn eq(&self, other: &Self) -> bool {
        self.rules == other.rules && self.data.eq_dyn(other.data.as_ref())
    }
}

impl fmt::Debug for RulesSection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {:?}", self.rules, self.data)
    }
}

impl Serialize for RulesSection {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        erased_serde::serialize(self.data.erased(), s)
    }
}
