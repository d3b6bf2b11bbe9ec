//! Tools imported by `toolc import`.
#![allow(
    rustdoc::broken_intra_doc_links,
    rustdoc::invalid_html_tags,
    rustdoc::bare_urls
)]
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use toolc::{tool, toolbox};
/// Every tool of this file: `VehicleControlTools::parse(name, arguments)` and `VehicleControlTools::parse_response(target, response)` give the called tool's struct, and serde writes a value as the call's arguments.
#[toolbox]
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum VehicleControlTools {
    ActivateParkingBrake(ActivateParkingBrake),
    AdjustClimateControl(AdjustClimateControl),
    CheckTirePressure(CheckTirePressure),
    DisplayCarStatus(DisplayCarStatus),
    DisplayLog(DisplayLog),
    EstimateDistance(EstimateDistance),
    EstimateDriveFeasibilityByMileage(EstimateDriveFeasibilityByMileage),
    FillFuelTank(FillFuelTank),
    FindNearestTireShop(FindNearestTireShop),
    GallonToLiter(GallonToLiter),
    GetCurrentSpeed(GetCurrentSpeed),
    GetOutsideTemperatureFromGoogle(GetOutsideTemperatureFromGoogle),
    GetOutsideTemperatureFromWeatherCom(GetOutsideTemperatureFromWeatherCom),
    GetZipcodeBasedOnCity(GetZipcodeBasedOnCity),
    LiterToGallon(LiterToGallon),
    LockDoors(LockDoors),
    PressBrakePedal(PressBrakePedal),
    ReleaseBrakePedal(ReleaseBrakePedal),
    SetCruiseControl(SetCruiseControl),
    SetHeadlights(SetHeadlights),
    SetNavigation(SetNavigation),
    StartEngine(StartEngine),
}
/// This tool belongs to the vehicle control system, which allows users to control various aspects of the car such as engine, doors, climate control, lights, and more. Tool description: Activates the parking brake of the vehicle.
#[tool(name = "activateParkingBrake")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ActivateParkingBrake {
    /// The mode to set. [Enum]: ["engage", "release"]
    pub mode: String,
}
/// This tool belongs to the vehicle control system, which allows users to control various aspects of the car such as engine, doors, climate control, lights, and more. Tool description: Adjusts the climate control of the vehicle.
#[tool(name = "adjustClimateControl")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct AdjustClimateControl {
    /// The fan speed to set from 0 to 100. Default is 50.
    #[serde(rename = "fanSpeed")]
    #[serde(default = "default_adjust_climate_control_fan_speed")]
    pub fan_speed: i64,
    /// The climate mode to set. [Enum]: ["auto", "cool", "heat", "defrost"]
    #[serde(default = "default_adjust_climate_control_mode")]
    pub mode: String,
    /// The temperature to set in degree. Default to be celsius.
    pub temperature: f64,
    /// The unit of temperature. [Enum]: ["celsius", "fahrenheit"]
    #[serde(default = "default_adjust_climate_control_unit")]
    pub unit: String,
}
/// This tool belongs to the vehicle control system, which allows users to control various aspects of the car such as engine, doors, climate control, lights, and more. Tool description: Checks the tire pressure of the vehicle.
#[tool(name = "check_tire_pressure")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct CheckTirePressure {}
/// This tool belongs to the vehicle control system, which allows users to control various aspects of the car such as engine, doors, climate control, lights, and more. Tool description: Displays the status of the vehicle based on the provided display option.
#[tool(name = "displayCarStatus")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct DisplayCarStatus {
    /// The option to display. [Enum]: ["fuel", "battery", "doors", "climate", "headlights", "parkingBrake", "brakePedal", "engine"]
    pub option: String,
}
/// This tool belongs to the vehicle control system, which allows users to control various aspects of the car such as engine, doors, climate control, lights, and more. Tool description: Displays the log messages.
#[tool(name = "display_log")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct DisplayLog {
    /// The list of messages to display.
    pub messages: Vec<String>,
}
/// This tool belongs to the vehicle control system, which allows users to control various aspects of the car such as engine, doors, climate control, lights, and more. Tool description: Estimates the distance between two cities.
#[tool(name = "estimate_distance")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct EstimateDistance {
    /// The zipcode of the first city.
    #[serde(rename = "cityA")]
    pub city_a: String,
    /// The zipcode of the second city.
    #[serde(rename = "cityB")]
    pub city_b: String,
}
/// This tool belongs to the vehicle control system, which allows users to control various aspects of the car such as engine, doors, climate control, lights, and more. Tool description: Estimates the milage of the vehicle given the distance needed to drive.
#[tool(name = "estimate_drive_feasibility_by_mileage")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct EstimateDriveFeasibilityByMileage {
    /// The distance to travel in miles.
    pub distance: f64,
}
/// This tool belongs to the vehicle control system, which allows users to control various aspects of the car such as engine, doors, climate control, lights, and more. Tool description: Fills the fuel tank of the vehicle. The fuel tank can hold up to 50 gallons.
#[tool(name = "fillFuelTank")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct FillFuelTank {
    /// The amount of fuel to fill in gallons; this is the additional fuel to add to the tank.
    #[serde(rename = "fuelAmount")]
    pub fuel_amount: f64,
}
/// This tool belongs to the vehicle control system, which allows users to control various aspects of the car such as engine, doors, climate control, lights, and more. Tool description: Finds the nearest tire shop.
#[tool(name = "find_nearest_tire_shop")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct FindNearestTireShop {}
/// This tool belongs to the vehicle control system, which allows users to control various aspects of the car such as engine, doors, climate control, lights, and more. Tool description: Converts the gallon to liter.
#[tool(name = "gallon_to_liter")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct GallonToLiter {
    /// The amount of gallon to convert.
    pub gallon: f64,
}
/// This tool belongs to the vehicle control system, which allows users to control various aspects of the car such as engine, doors, climate control, lights, and more. Tool description: Gets the current speed of the vehicle.
#[tool(name = "get_current_speed")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct GetCurrentSpeed {}
/// This tool belongs to the vehicle control system, which allows users to control various aspects of the car such as engine, doors, climate control, lights, and more. Tool description: Gets the outside temperature.
#[tool(name = "get_outside_temperature_from_google")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct GetOutsideTemperatureFromGoogle {}
/// This tool belongs to the vehicle control system, which allows users to control various aspects of the car such as engine, doors, climate control, lights, and more. Tool description: Gets the outside temperature.
#[tool(name = "get_outside_temperature_from_weather_com")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct GetOutsideTemperatureFromWeatherCom {}
/// This tool belongs to the vehicle control system, which allows users to control various aspects of the car such as engine, doors, climate control, lights, and more. Tool description: Gets the zipcode based on the city.
#[tool(name = "get_zipcode_based_on_city")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct GetZipcodeBasedOnCity {
    /// The name of the city.
    pub city: String,
}
/// This tool belongs to the vehicle control system, which allows users to control various aspects of the car such as engine, doors, climate control, lights, and more. Tool description: Converts the liter to gallon.
#[tool(name = "liter_to_gallon")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct LiterToGallon {
    /// The amount of liter to convert.
    pub liter: f64,
}
/// This tool belongs to the vehicle control system, which allows users to control various aspects of the car such as engine, doors, climate control, lights, and more. Tool description: Locks the doors of the vehicle.
#[tool(name = "lockDoors")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct LockDoors {
    /// The list of doors to lock or unlock. [Enum]: ["driver", "passenger", "rear_left", "rear_right"]
    pub door: Vec<String>,
    /// True if the doors are to be unlocked, False otherwise.
    pub unlock: bool,
}
/// This tool belongs to the vehicle control system, which allows users to control various aspects of the car such as engine, doors, climate control, lights, and more. Tool description: Presses the brake pedal based on pedal position. The brake pedal will be kept pressed until released.
#[tool(name = "pressBrakePedal")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct PressBrakePedal {
    /// Position of the brake pedal, between 0 (not pressed) and 1 (fully pressed).
    #[serde(rename = "pedalPosition")]
    pub pedal_position: f64,
}
/// This tool belongs to the vehicle control system, which allows users to control various aspects of the car such as engine, doors, climate control, lights, and more. Tool description: Releases the brake pedal of the vehicle.
#[tool(name = "releaseBrakePedal")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ReleaseBrakePedal {}
/// This tool belongs to the vehicle control system, which allows users to control various aspects of the car such as engine, doors, climate control, lights, and more. Tool description: Sets the cruise control of the vehicle.
#[tool(name = "setCruiseControl")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct SetCruiseControl {
    /// True to activate the cruise control, False to deactivate.
    pub activate: bool,
    /// The distance to the next vehicle in meters.
    #[serde(rename = "distanceToNextVehicle")]
    pub distance_to_next_vehicle: f64,
    /// The speed to set in m/h. The speed should be between 0 and 120 and a multiple of 5.
    pub speed: f64,
}
/// This tool belongs to the vehicle control system, which allows users to control various aspects of the car such as engine, doors, climate control, lights, and more. Tool description: Sets the headlights of the vehicle.
#[tool(name = "setHeadlights")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct SetHeadlights {
    /// The mode of the headlights. [Enum]: ["on", "off", "auto"]
    pub mode: String,
}
/// This tool belongs to the vehicle control system, which allows users to control various aspects of the car such as engine, doors, climate control, lights, and more. Tool description: Navigates to the destination.
#[tool(name = "set_navigation")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct SetNavigation {
    /// The destination to navigate in the format of street, city, state.
    pub destination: String,
}
/// This tool belongs to the vehicle control system, which allows users to control various aspects of the car such as engine, doors, climate control, lights, and more. Tool description: Starts the engine of the vehicle.
#[tool(name = "startEngine")]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct StartEngine {
    /// The ignition mode of the vehicle. [Enum]: ["START", "STOP"]
    #[serde(rename = "ignitionMode")]
    pub ignition_mode: String,
}
fn default_adjust_climate_control_fan_speed() -> i64 {
    50
}
fn default_adjust_climate_control_mode() -> String {
    "auto".to_owned()
}
fn default_adjust_climate_control_unit() -> String {
    "celsius".to_owned()
}
