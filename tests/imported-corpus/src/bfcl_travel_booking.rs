//! Tools imported by `toolc import`.
#![allow(
    rustdoc::broken_intra_doc_links,
    rustdoc::invalid_html_tags,
    rustdoc::bare_urls
)]
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use toolc::{tool, toolbox};
/// Every tool of this file: `TravelBookingTools::parse(name, arguments)` and `TravelBookingTools::parse_response(target, response)` give the called tool's struct, and serde writes a value as the call's arguments.
#[toolbox]
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum TravelBookingTools {
    AuthenticateTravel(AuthenticateTravel),
    BookFlight(BookFlight),
    CancelBooking(CancelBooking),
    ComputeExchangeRate(ComputeExchangeRate),
    ContactCustomerSupport(ContactCustomerSupport),
    GetAllCreditCards(GetAllCreditCards),
    GetBookingHistory(GetBookingHistory),
    GetBudgetFiscalYear(GetBudgetFiscalYear),
    GetCreditCardBalance(GetCreditCardBalance),
    GetFlightCost(GetFlightCost),
    GetNearestAirportByCity(GetNearestAirportByCity),
    ListAllAirports(ListAllAirports),
    PurchaseInsurance(PurchaseInsurance),
    RegisterCreditCard(RegisterCreditCard),
    RetrieveInvoice(RetrieveInvoice),
    SetBudgetLimit(SetBudgetLimit),
    TravelGetLoginStatus(TravelGetLoginStatus),
    VerifyTravelerInformation(VerifyTravelerInformation),
}
/// This tool belongs to the travel system, which allows users to book flights, manage credit cards, and view budget information. Tool description: Authenticate the user with the travel API
#[tool(name = "authenticate_travel")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct AuthenticateTravel {
    /// The client applications client_id supplied by App Management
    pub client_id: String,
    /// The client applications client_secret supplied by App Management
    pub client_secret: String,
    /// The grant type of the authentication request. Here are the options: read_write, read, write
    pub grant_type: String,
    /// The refresh token obtained from the initial authentication
    pub refresh_token: String,
    /// The first name of the user
    pub user_first_name: String,
    /// The last name of the user
    pub user_last_name: String,
}
/// This tool belongs to the travel system, which allows users to book flights, manage credit cards, and view budget information. Tool description: Book a flight given the travel information. From and To should be the airport codes in the IATA format.
#[tool(name = "book_flight")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct BookFlight {
    /// The access token obtained from the authenticate
    pub access_token: String,
    /// The ID of the credit card to use for the booking
    pub card_id: String,
    /// The class of the travel
    pub travel_class: String,
    /// The date of the travel in the format YYYY-MM-DD
    pub travel_date: String,
    /// The location the travel is from
    pub travel_from: String,
    /// The location the travel is to
    pub travel_to: String,
}
/// This tool belongs to the travel system, which allows users to book flights, manage credit cards, and view budget information. Tool description: Cancel a booking
#[tool(name = "cancel_booking")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct CancelBooking {
    /// The access token obtained from the authenticate
    pub access_token: String,
    /// The ID of the booking
    pub booking_id: String,
}
/// This tool belongs to the travel system, which allows users to book flights, manage credit cards, and view budget information. Tool description: Compute the exchange rate between two currencies
#[tool(name = "compute_exchange_rate")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ComputeExchangeRate {
    /// The base currency. [Enum]: USD, RMB, EUR, JPY, GBP, CAD, AUD, INR, RUB, BRL, MXN
    pub base_currency: String,
    /// The target currency. [Enum]: USD, RMB, EUR, JPY, GBP, CAD, AUD, INR, RUB, BRL, MXN
    pub target_currency: String,
    /// The value to convert
    pub value: f64,
}
/// This tool belongs to the travel system, which allows users to book flights, manage credit cards, and view budget information. Tool description: Contact travel booking customer support, get immediate support on an issue with an online call.
#[tool(name = "contact_customer_support")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ContactCustomerSupport {
    /// The ID of the booking
    pub booking_id: String,
    /// The message to send to customer support
    pub message: String,
}
/// This tool belongs to the travel system, which allows users to book flights, manage credit cards, and view budget information. Tool description: Get all registered credit cards
#[tool(name = "get_all_credit_cards")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct GetAllCreditCards {}
/// This tool belongs to the travel system, which allows users to book flights, manage credit cards, and view budget information. Tool description: Retrieve all booking history for the user.
#[tool(name = "get_booking_history")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct GetBookingHistory {
    /// The access token obtained from the authenticate method.
    pub access_token: String,
}
/// This tool belongs to the travel system, which allows users to book flights, manage credit cards, and view budget information. Tool description: Get the budget fiscal year
#[tool(name = "get_budget_fiscal_year")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct GetBudgetFiscalYear {
    /// If true, the service will return all Fiscal Years, including those that were previously removed. If not supplied, this field defaults to false.
    #[serde(rename = "includeRemoved")]
    #[serde(default = "default_get_budget_fiscal_year_include_removed")]
    pub include_removed: String,
    /// Use this field if you only want Fiscal Years that were changed after the supplied date. The supplied date will be interpreted in the UTC time zone. If lastModifiedAfter is not supplied, the service will return all Fiscal Years, regardless of modified date. Example: 2016-03-29T16:12:20. Return in the format of YYYY-MM-DDTHH:MM:SS.
    #[serde(rename = "lastModifiedAfter")]
    #[serde(default = "default_get_budget_fiscal_year_last_modified_after")]
    pub last_modified_after: String,
}
/// This tool belongs to the travel system, which allows users to book flights, manage credit cards, and view budget information. Tool description: Get the balance of a credit card
#[tool(name = "get_credit_card_balance")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct GetCreditCardBalance {
    /// The access token obtained from the authenticate
    pub access_token: String,
    /// The ID of the credit card
    pub card_id: String,
}
/// This tool belongs to the travel system, which allows users to book flights, manage credit cards, and view budget information. Tool description: Get the list of cost of a flight in USD based on location, date, and class
#[tool(name = "get_flight_cost")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct GetFlightCost {
    /// The class of the travel. Options are: economy, business, first.
    pub travel_class: String,
    /// The date of the travel in the format 'YYYY-MM-DD'
    pub travel_date: String,
    /// The 3 letter code of the departing airport
    pub travel_from: String,
    /// The 3 letter code of the arriving airport
    pub travel_to: String,
}
/// This tool belongs to the travel system, which allows users to book flights, manage credit cards, and view budget information. Tool description: Get the nearest airport to the given location
#[tool(name = "get_nearest_airport_by_city")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct GetNearestAirportByCity {
    /// The name of the location. [Enum]: Rivermist, Stonebrook, Maplecrest, Silverpine, Shadowridge, London, Paris, Sunset Valley, Oakendale, Willowbend, Crescent Hollow, Autumnville, Pinehaven, Greenfield, San Francisco, Los Angeles, New York, Chicago, Boston, Beijing, Hong Kong, Rome, Tokyo
    pub location: String,
}
/// This tool belongs to the travel system, which allows users to book flights, manage credit cards, and view budget information. Tool description: List all available airports
#[tool(name = "list_all_airports")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ListAllAirports {}
/// This tool belongs to the travel system, which allows users to book flights, manage credit cards, and view budget information. Tool description: Purchase insurance
#[tool(name = "purchase_insurance")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct PurchaseInsurance {
    /// The access token obtained from the authenticate
    pub access_token: String,
    /// The ID of the booking
    pub booking_id: String,
    /// The ID of the credit card to use for the
    pub card_id: String,
    /// The cost of the insurance
    pub insurance_cost: f64,
    /// The type of insurance to purchase
    pub insurance_type: String,
}
/// This tool belongs to the travel system, which allows users to book flights, manage credit cards, and view budget information. Tool description: Register a credit card
#[tool(name = "register_credit_card")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct RegisterCreditCard {
    /// The access token obtained from the authenticate method
    pub access_token: String,
    /// The credit card number
    pub card_number: String,
    /// The card verification number
    pub card_verification_number: i64,
    /// The name of the cardholder
    pub cardholder_name: String,
    /// The expiration date of the credit card in the format MM/YYYY
    pub expiration_date: String,
}
/// This tool belongs to the travel system, which allows users to book flights, manage credit cards, and view budget information. Tool description: Retrieve the invoice for a booking.
#[tool(name = "retrieve_invoice")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct RetrieveInvoice {
    /// The access token obtained from the authenticate
    pub access_token: String,
    /// The ID of the booking
    #[serde(default = "default_retrieve_invoice_booking_id")]
    pub booking_id: String,
    /// The ID of the insurance
    #[serde(default = "default_retrieve_invoice_insurance_id")]
    pub insurance_id: String,
}
/// This tool belongs to the travel system, which allows users to book flights, manage credit cards, and view budget information. Tool description: Set the budget limit for the user
#[tool(name = "set_budget_limit")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct SetBudgetLimit {
    /// The access token obtained from the authentication process or initial configuration.
    pub access_token: String,
    /// The budget limit to set in USD
    pub budget_limit: f64,
}
/// This tool belongs to the travel system, which allows users to book flights, manage credit cards, and view budget information. Tool description: Get the status of the login
#[tool(name = "travel_get_login_status")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct TravelGetLoginStatus {}
/// This tool belongs to the travel system, which allows users to book flights, manage credit cards, and view budget information. Tool description: Verify the traveler information
#[tool(name = "verify_traveler_information")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct VerifyTravelerInformation {
    /// The date of birth of the traveler in the format YYYY-MM-DD
    pub date_of_birth: String,
    /// The first name of the traveler
    pub first_name: String,
    /// The last name of the traveler
    pub last_name: String,
    /// The passport number of the traveler
    pub passport_number: String,
}
fn default_get_budget_fiscal_year_include_removed() -> String {
    "None".to_owned()
}
fn default_get_budget_fiscal_year_last_modified_after() -> String {
    "None".to_owned()
}
fn default_retrieve_invoice_booking_id() -> String {
    "None".to_owned()
}
fn default_retrieve_invoice_insurance_id() -> String {
    "None".to_owned()
}
