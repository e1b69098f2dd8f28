<?php
/**
 * Plugin Name:       Example Stays Hotels
 * Description:       Hotel search and hotel cards from the Example Stays affiliate service in posts and pages, credited to your affiliate code: a settings page for your publishable key, the [stays_search] and [stays_hotel] shortcodes and two blocks.
 * Version:           1.1.0
 * Requires at least: 6.1
 * Requires PHP:      7.4
 * Author:            Example Stays
 * License:           GPL-2.0-or-later
 * License URI:       https://www.gnu.org/licenses/gpl-2.0.html
 * Text Domain:       hotel-affiliate-stays
 *
 * Copyright (C) 2026 Example Stays
 *
 * This program is free software; you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation; either version 2 of the
 * License, or (at your option) any later version.
 *
 * This program is distributed in the hope that it will be useful, but WITHOUT ANY WARRANTY;
 * without even the implied warranty of MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE. See
 * the GNU General Public License for more details.
 *
 * @package ExampleStays\Hotels
 */

namespace ExampleStays\Hotels;

defined( 'ABSPATH' ) || exit;

const VERSION = '1.1.0';
const PLUGIN_FILE = __FILE__;
/** The one option of the plugin: an array of service_url, key, integrity and integrity_for. */
const OPTION = 'hotel_affiliate_stays';
/** The settings group (settings_fields) and the settings page's slug. */
const SETTINGS_GROUP = 'hotel_affiliate_stays';
const SETTINGS_PAGE = 'hotel-affiliate-stays';
/** The widget release the markup is written for: <stays-search> and <stays-hotel>, with lang and currency. */
const WIDGET_PATH = '/widget/v4.js';
/** Script handles: the widget (printed as a module script) and the blocks' editor script. */
const WIDGET_HANDLE = 'hotel-affiliate-stays-widget';
const EDITOR_HANDLE = 'hotel-affiliate-stays-editor';

require_once __DIR__ . '/includes/keys.php';
require_once __DIR__ . '/includes/options.php';
require_once __DIR__ . '/includes/markup.php';
require_once __DIR__ . '/includes/settings-page.php';
require_once __DIR__ . '/includes/content.php';

register_activation_hook( __FILE__, __NAMESPACE__ . '\\activate' );
