//! Yatra: a marketplace where travellers in Nepal find, book and pay local tour guides.

pub mod admin;
pub mod app;
pub mod auth;
pub mod blogs;
pub mod bookings;
pub mod calendar;
pub mod config;
pub mod db;
pub mod destinations;
pub mod error;
pub mod guides;
pub mod health;
pub mod media;
pub mod notifications;
pub mod openapi;
pub mod paging;
pub mod payments;
pub mod profile;
pub mod reviews;
pub mod seed;
pub mod text_search;
pub mod tourists;
pub mod web;
