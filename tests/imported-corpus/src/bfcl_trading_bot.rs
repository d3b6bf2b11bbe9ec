//! Tools imported by `toolc import`.
#![allow(
    rustdoc::broken_intra_doc_links,
    rustdoc::invalid_html_tags,
    rustdoc::bare_urls
)]
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use toolc::{tool, toolbox};
/// Every tool of this file: `TradingBotTools::parse(name, arguments)` and `TradingBotTools::parse_response(target, response)` give the called tool's struct, and serde writes a value as the call's arguments.
#[toolbox]
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum TradingBotTools {
    AddToWatchlist(AddToWatchlist),
    CancelOrder(CancelOrder),
    FilterStocksByPrice(FilterStocksByPrice),
    FundAccount(FundAccount),
    GetAccountInfo(GetAccountInfo),
    GetAvailableStocks(GetAvailableStocks),
    GetCurrentTime(GetCurrentTime),
    GetOrderDetails(GetOrderDetails),
    GetOrderHistory(GetOrderHistory),
    GetStockInfo(GetStockInfo),
    GetSymbolByName(GetSymbolByName),
    GetTransactionHistory(GetTransactionHistory),
    GetWatchlist(GetWatchlist),
    NotifyPriceChange(NotifyPriceChange),
    PlaceOrder(PlaceOrder),
    RemoveStockFromWatchlist(RemoveStockFromWatchlist),
    TradingGetLoginStatus(TradingGetLoginStatus),
    TradingLogin(TradingLogin),
    TradingLogout(TradingLogout),
    WithdrawFunds(WithdrawFunds),
}
/// This tool belongs to the trading system, which allows users to trade stocks, manage their account, and view stock information. Tool description: Add a stock to the watchlist.
#[tool(name = "add_to_watchlist")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct AddToWatchlist {
    /// the stock symbol to add to the watchlist.
    pub stock: String,
}
/// This tool belongs to the trading system, which allows users to trade stocks, manage their account, and view stock information. Tool description: Cancel an order.
#[tool(name = "cancel_order")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct CancelOrder {
    /// ID of the order to cancel.
    pub order_id: i64,
}
/// This tool belongs to the trading system, which allows users to trade stocks, manage their account, and view stock information. Tool description: Filter stocks based on a price range.
#[tool(name = "filter_stocks_by_price")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct FilterStocksByPrice {
    /// Maximum stock price.
    pub max_price: f64,
    /// Minimum stock price.
    pub min_price: f64,
    /// List of stock symbols to filter.
    pub stocks: Vec<String>,
}
/// This tool belongs to the trading system, which allows users to trade stocks, manage their account, and view stock information. Tool description: Fund the account with the specified amount.
#[tool(name = "fund_account")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct FundAccount {
    /// Amount to fund the account with.
    pub amount: f64,
}
/// This tool belongs to the trading system, which allows users to trade stocks, manage their account, and view stock information. Tool description: Get account information.
#[tool(name = "get_account_info")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct GetAccountInfo {}
/// This tool belongs to the trading system, which allows users to trade stocks, manage their account, and view stock information. Tool description: Get a list of stock symbols in the given sector.
#[tool(name = "get_available_stocks")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct GetAvailableStocks {
    /// The sector to retrieve stocks from (e.g., 'Technology').
    pub sector: String,
}
/// This tool belongs to the trading system, which allows users to trade stocks, manage their account, and view stock information. Tool description: Get the current time.
#[tool(name = "get_current_time")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct GetCurrentTime {}
/// This tool belongs to the trading system, which allows users to trade stocks, manage their account, and view stock information. Tool description: Get the details of an order.
#[tool(name = "get_order_details")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct GetOrderDetails {
    /// ID of the order.
    pub order_id: i64,
}
/// This tool belongs to the trading system, which allows users to trade stocks, manage their account, and view stock information. Tool description: Get the stock order ID history.
#[tool(name = "get_order_history")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct GetOrderHistory {}
/// This tool belongs to the trading system, which allows users to trade stocks, manage their account, and view stock information. Tool description: Get the details of a stock.
#[tool(name = "get_stock_info")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct GetStockInfo {
    /// Symbol that uniquely identifies the stock.
    pub symbol: String,
}
/// This tool belongs to the trading system, which allows users to trade stocks, manage their account, and view stock information. Tool description: Get the symbol of a stock by company name.
#[tool(name = "get_symbol_by_name")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct GetSymbolByName {
    /// Name of the company.
    pub name: String,
}
/// This tool belongs to the trading system, which allows users to trade stocks, manage their account, and view stock information. Tool description: Get the transaction history within a specified date range.
#[tool(name = "get_transaction_history")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct GetTransactionHistory {
    /// End date for the history (format: 'YYYY-MM-DD').
    #[serde(default = "default_get_transaction_history_end_date")]
    pub end_date: String,
    /// Start date for the history (format: 'YYYY-MM-DD').
    #[serde(default = "default_get_transaction_history_start_date")]
    pub start_date: String,
}
/// This tool belongs to the trading system, which allows users to trade stocks, manage their account, and view stock information. Tool description: Get the watchlist.
#[tool(name = "get_watchlist")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct GetWatchlist {}
/// This tool belongs to the trading system, which allows users to trade stocks, manage their account, and view stock information. Tool description: Notify if there is a significant price change in the stocks.
#[tool(name = "notify_price_change")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct NotifyPriceChange {
    /// List of stock symbols to check.
    pub stocks: Vec<String>,
    /// Percentage change threshold to trigger a notification.
    pub threshold: f64,
}
/// This tool belongs to the trading system, which allows users to trade stocks, manage their account, and view stock information. Tool description: Place an order.
#[tool(name = "place_order")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct PlaceOrder {
    /// Number of shares to trade.
    pub amount: i64,
    /// Type of the order (Buy/Sell).
    pub order_type: String,
    /// Price at which to place the order.
    pub price: f64,
    /// Symbol of the stock to trade.
    pub symbol: String,
}
/// This tool belongs to the trading system, which allows users to trade stocks, manage their account, and view stock information. Tool description: Remove a stock from the watchlist.
#[tool(name = "remove_stock_from_watchlist")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct RemoveStockFromWatchlist {
    /// Symbol of the stock to remove.
    pub symbol: String,
}
/// This tool belongs to the trading system, which allows users to trade stocks, manage their account, and view stock information. Tool description: Get the login status.
#[tool(name = "trading_get_login_status")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct TradingGetLoginStatus {}
/// This tool belongs to the trading system, which allows users to trade stocks, manage their account, and view stock information. Tool description: Handle user login.
#[tool(name = "trading_login")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct TradingLogin {
    /// Password for authentication.
    pub password: String,
    /// Username for authentication.
    pub username: String,
}
/// This tool belongs to the trading system, which allows users to trade stocks, manage their account, and view stock information. Tool description: Handle user logout for trading system.
#[tool(name = "trading_logout")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct TradingLogout {}
/// This tool belongs to the trading system, which allows users to trade stocks, manage their account, and view stock information. Tool description: Withdraw funds from the account balance.
#[tool(name = "withdraw_funds")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct WithdrawFunds {
    /// Amount to withdraw from the account.
    pub amount: f64,
}
fn default_get_transaction_history_end_date() -> String {
    "None".to_owned()
}
fn default_get_transaction_history_start_date() -> String {
    "None".to_owned()
}
