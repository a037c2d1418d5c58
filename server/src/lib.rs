//! Yatra: a marketplace where travellers in Nepal find, book and pay local tour guides.

pub mod admin;
pub mod app;
pub mod auth;
pub mod config;
pub mod db;
pub mod error;
pub mod guides;
pub mod health;
pub mod media;
pub mod openapi;
pub mod profile;
pub mod seed;
pub mod tourists;
pub mod web;
