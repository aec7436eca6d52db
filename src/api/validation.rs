//! The body of a 422 answer as FastAPI (pydantic v2) writes it: one entry per problem,
//! each with its location, message and type. Read by the client, written by the simulator.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// One part of a validation error's location: a field name or a list index.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum LocPart {
    Field(String),
    Index(i64),
}

impl std::fmt::Display for LocPart {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LocPart::Field(name) => f.write_str(name),
            LocPart::Index(index) => write!(f, "{index}"),
        }
    }
}

/// One entry of a 422 body (FastAPI / pydantic v2 shape).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ValidationDetail {
    #[serde(rename = "type", default)]
    pub kind: String,
    #[serde(default)]
    pub loc: Vec<LocPart>,
    #[serde(default)]
    pub msg: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input: Option<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ctx: Option<Value>,
}

/// The body of a 422 answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ValidationErrorBody {
    pub detail: Vec<ValidationDetail>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn validation_loc_mixes_names_and_indexes() {
        let body: ValidationErrorBody = serde_json::from_str(
            r#"{"detail": [{"type": "string_too_long", "loc": ["body", "tags", 0], "msg": "m"}]}"#,
        )
        .unwrap();
        assert_eq!(body.detail[0].loc[2], LocPart::Index(0));
    }
}
