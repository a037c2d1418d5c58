//! Yatra: a marketplace where travellers in Nepal find, book and pay local tour guides.

pub mod app;
pub mod auth;
pub mod config;
pub mod db;
pub mod error;
pub mod health;
pub mod openapi;
pub mod seed;
pub mod web;
