//! Tools imported by `toolc import`.
#![allow(
    rustdoc::broken_intra_doc_links,
    rustdoc::invalid_html_tags,
    rustdoc::bare_urls
)]
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use toolc::{tool, toolbox};
/// Every tool of this file: `MemoryTools::parse(name, arguments)` and `MemoryTools::parse_response(target, response)` give the called tool's struct, and serde writes a value as the call's arguments.
#[toolbox]
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum MemoryTools {
    CreateEntities(CreateEntities),
    CreateRelations(CreateRelations),
    AddObservations(AddObservations),
    DeleteEntities(DeleteEntities),
    DeleteObservations(DeleteObservations),
    DeleteRelations(DeleteRelations),
    ReadGraph(ReadGraph),
    SearchNodes(SearchNodes),
    OpenNodes(OpenNodes),
}
/// Create multiple new entities in the knowledge graph
#[tool(name = "create_entities")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct CreateEntities {
    pub entities: Vec<CreateEntitiesEntitiesItem>,
}
/// Create multiple new relations between entities in the knowledge graph. Relations should be in active voice
#[tool(name = "create_relations")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct CreateRelations {
    pub relations: Vec<CreateRelationsRelationsItem>,
}
/// Add new observations to existing entities in the knowledge graph
#[tool(name = "add_observations")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct AddObservations {
    pub observations: Vec<AddObservationsObservationsItem>,
}
/// Delete multiple entities and their associated relations from the knowledge graph
#[tool(name = "delete_entities")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct DeleteEntities {
    /// An array of entity names to delete
    #[serde(rename = "entityNames")]
    pub entity_names: Vec<String>,
}
/// Delete specific observations from entities in the knowledge graph
#[tool(name = "delete_observations")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct DeleteObservations {
    pub deletions: Vec<DeleteObservationsDeletionsItem>,
}
/// Delete multiple relations from the knowledge graph
#[tool(name = "delete_relations")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct DeleteRelations {
    /// An array of relations to delete
    pub relations: Vec<DeleteRelationsRelationsItem>,
}
/// Read the entire knowledge graph
#[tool(name = "read_graph")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ReadGraph {}
/// Search for nodes in the knowledge graph based on a query
#[tool(name = "search_nodes")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct SearchNodes {
    /// The search query to match against entity names, types, and observation content
    pub query: String,
}
/// Open specific nodes in the knowledge graph by their names
#[tool(name = "open_nodes")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct OpenNodes {
    /// An array of entity names to retrieve
    pub names: Vec<String>,
}
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct CreateEntitiesEntitiesItem {
    /// The type of the entity
    #[serde(rename = "entityType")]
    pub entity_type: String,
    /// The name of the entity
    pub name: String,
    /// An array of observation contents associated with the entity
    pub observations: Vec<String>,
}
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct CreateRelationsRelationsItem {
    /// The name of the entity where the relation starts
    pub from: String,
    /// The type of the relation
    #[serde(rename = "relationType")]
    pub relation_type: String,
    /// The name of the entity where the relation ends
    pub to: String,
}
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct AddObservationsObservationsItem {
    /// An array of observation contents to add
    pub contents: Vec<String>,
    /// The name of the entity to add the observations to
    #[serde(rename = "entityName")]
    pub entity_name: String,
}
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct DeleteObservationsDeletionsItem {
    /// The name of the entity containing the observations
    #[serde(rename = "entityName")]
    pub entity_name: String,
    /// An array of observations to delete
    pub observations: Vec<String>,
}
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct DeleteRelationsRelationsItem {
    /// The name of the entity where the relation starts
    pub from: String,
    /// The type of the relation
    #[serde(rename = "relationType")]
    pub relation_type: String,
    /// The name of the entity where the relation ends
    pub to: String,
}
