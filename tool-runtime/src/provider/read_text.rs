//! Reading JSON text for the few fields a provider reader needs, the others skipped without being
//! built: a struct per object lists its fields ([`fields!`]), strings are borrowed from the text
//! where they have no escapes. Shared by the readers of finished responses and of streams.

use std::borrow::Cow;
use std::fmt;
use std::marker::PhantomData;

use serde::de::{Deserialize, Deserializer, IgnoredAny, MapAccess, Visitor};
use serde_json::value::RawValue;

/// Arguments sent as a JSON value: its text; `null` means none. A string (arguments encoded as
/// text inside the value) is left to the tree reader.
pub(super) fn raw_arguments(raw: Option<&RawValue>) -> Option<String> {
    match raw.map(RawValue::get) {
        None | Some("null") => Some(String::new()),
        Some(text) if text.starts_with('"') => None,
        Some(text) => Some(text.to_owned()),
    }
}

/// The fields of a JSON object this module reads; the others are skipped. A repeated key keeps its
/// last value, as in a JSON tree.
pub(super) trait Fields<'de>: Default {
    fn field<A: MapAccess<'de>>(&mut self, key: &str, map: &mut A) -> Result<(), A::Error>;
}

/// A JSON object read through [`Fields`]; any other JSON type is refused.
pub(super) struct Object<T>(pub(super) T);

impl<'de, T: Fields<'de>> Deserialize<'de> for Object<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct ObjectVisitor<T>(PhantomData<T>);

        impl<'de, T: Fields<'de>> Visitor<'de> for ObjectVisitor<T> {
            type Value = T;

            fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
                formatter.write_str("a JSON object")
            }

            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<T, A::Error> {
                let mut fields = T::default();
                while let Some(Key(key)) = map.next_key()? {
                    fields.field(&key, &mut map)?;
                }
                Ok(fields)
            }
        }

        deserializer.deserialize_map(ObjectVisitor(PhantomData)).map(Object)
    }
}

/// An object key, borrowed from the text when it has no escapes.
pub(super) struct Key<'de>(pub(super) Cow<'de, str>);

impl<'de> Deserialize<'de> for Key<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct KeyVisitor;

        impl<'de> Visitor<'de> for KeyVisitor {
            type Value = Key<'de>;

            fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
                formatter.write_str("a key")
            }

            fn visit_borrowed_str<E>(self, key: &'de str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Borrowed(key)))
            }

            fn visit_str<E>(self, key: &str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Owned(key.to_owned())))
            }
        }

        deserializer.deserialize_str(KeyVisitor)
    }
}

/// A struct of the fields an object is read for and its [`Fields`] impl: each field read by `next`
/// (a value of the field's type) or `objects` (an array of objects, `null` for none); others skipped.
macro_rules! fields {
    ($(#[$meta:meta])* $vis:vis struct $name:ident { $($key:literal => $field:ident: $ty:ty = $read:ident,)* }) => {
        $(#[$meta])*
        #[derive(Default)]
        $vis struct $name {
            $($vis $field: $ty,)*
        }

        impl<'de> crate::provider::read_text::Fields<'de> for $name {
            fn field<A: ::serde::de::MapAccess<'de>>(&mut self, key: &str, map: &mut A) -> Result<(), A::Error> {
                match key {
                    $($key => self.$field = $read(map)?,)*
                    _ => crate::provider::read_text::skip(map)?,
                }
                Ok(())
            }
        }
    };
    ($(#[$meta:meta])* $vis:vis struct $name:ident<$de:lifetime> { $($key:literal => $field:ident: $ty:ty = $read:ident,)* }) => {
        $(#[$meta])*
        #[derive(Default)]
        $vis struct $name<$de> {
            $($vis $field: $ty,)*
        }

        impl<$de> crate::provider::read_text::Fields<$de> for $name<$de> {
            fn field<A: ::serde::de::MapAccess<$de>>(&mut self, key: &str, map: &mut A) -> Result<(), A::Error> {
                match key {
                    $($key => self.$field = $read(map)?,)*
                    _ => crate::provider::read_text::skip(map)?,
                }
                Ok(())
            }
        }
    };
}

/// The value of a field this module reads.
pub(super) fn next<'de, A: MapAccess<'de>, T: Deserialize<'de>>(map: &mut A) -> Result<Option<T>, A::Error> {
    map.next_value().map(Some)
}

/// [`objects`], present.
pub(super) fn some_objects<'de, A: MapAccess<'de>, T: Fields<'de>>(
    map: &mut A,
) -> Result<Option<Vec<Object<T>>>, A::Error> {
    objects(map).map(Some)
}

/// Whether a `type` field equals `expected`, read without keeping it.
pub(super) fn is_type<'de, A: MapAccess<'de>>(map: &mut A, expected: &str) -> Result<bool, A::Error> {
    map.next_value::<Key>().map(|Key(kind)| kind == expected)
}

/// Skips the value of a field this module does not read.
pub(super) fn skip<'de, A: MapAccess<'de>>(map: &mut A) -> Result<(), A::Error> {
    map.next_value::<IgnoredAny>().map(drop)
}

/// An array of objects where `null` stands for none, as the tree readers read it.
pub(super) fn objects<'de, A: MapAccess<'de>, T: Fields<'de>>(map: &mut A) -> Result<Vec<Object<T>>, A::Error> {
    map.next_value::<Option<Vec<Object<T>>>>().map(Option::unwrap_or_default)
}

pub(super) use fields;

/// A `name` and `arguments` pair, the arguments as text (`A = Option<String>`), as OpenAI sends them.
pub(super) struct NamedCall<A> {
    pub(super) name: Option<String>,
    pub(super) arguments: Option<A>,
}

impl<A> Default for NamedCall<A> {
    fn default() -> Self {
        NamedCall { name: None, arguments: None }
    }
}

impl<'de> Fields<'de> for NamedCall<Option<String>> {
    fn field<M: MapAccess<'de>>(&mut self, key: &str, map: &mut M) -> Result<(), M::Error> {
        match key {
            "name" => self.name = Some(map.next_value()?),
            "arguments" => self.arguments = Some(map.next_value()?),
            _ => skip(map)?,
        }
        Ok(())
    }
}

/// The value of a field this module reads, where `null` stands for none.
pub(super) fn maybe<'de, A: MapAccess<'de>, T: Deserialize<'de>>(map: &mut A) -> Result<Option<T>, A::Error> {
    map.next_value()
}
