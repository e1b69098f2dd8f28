<?php
/**
 * The plugin's settings: one option holding the service's address, the publishable key, and the
 * integrity hash of the widget's script, taken when the settings were saved.
 *
 * Saving is the only time WordPress asks the service for anything: a person pressed Save, and the
 * script is fetched once to check the address and to pin its bytes (Subresource Integrity). Pages
 * never ask the service for anything while WordPress renders them; readers' browsers load the
 * script, and the widget searches only when the reader asks.
 *
 * @package ExampleStays\Hotels
 */

namespace ExampleStays\Hotels;

defined( 'ABSPATH' ) || exit;

/** The settings before anything is saved. */
function default_settings(): array {
	return array(
		'service_url'   => '',
		'key'           => '',
		'integrity'     => '',
		'integrity_for' => '',
	);
}

/** The stored settings, every field a string. */
function settings(): array {
	$stored   = get_option( OPTION, array() );
	$settings = default_settings();
	if ( is_array( $stored ) ) {
		foreach ( $settings as $field => $value ) {
			if ( isset( $stored[ $field ] ) && is_string( $stored[ $field ] ) ) {
				$settings[ $field ] = $stored[ $field ];
			}
		}
	}
	return $settings;
}

/** On activation: the option, so that the first save updates it (and its check runs once). */
function activate(): void {
	add_option( OPTION, default_settings() );
}

/** The option, with its sanitize callback, wherever it is saved from (settings page, REST, WP-CLI). */
function register_option(): void {
	register_setting(
		SETTINGS_GROUP,
		OPTION,
		array(
			'type'              => 'array',
			'description'       => __( 'Example Stays: service address and publishable key', 'hotel-affiliate-stays' ),
			'sanitize_callback' => __NAMESPACE__ . '\\sanitize_settings',
			'default'           => default_settings(),
			'show_in_rest'      => false,
		)
	);
}
add_action( 'init', __NAMESPACE__ . '\\register_option' );

/**
 * The service's address as stored: http or https, a host, an optional port and path, no query,
 * fragment or credentials, and no slash at the end. Empty for empty; null when it is not one.
 *
 * @param string $text What was typed.
 */
function normalize_service_url( string $text ): ?string {
	$text = trim( $text );
	if ( '' === $text ) {
		return '';
	}
	$parts = wp_parse_url( $text );
	if ( ! is_array( $parts ) || empty( $parts['host'] ) || empty( $parts['scheme'] ) ) {
		return null;
	}
	$scheme = strtolower( $parts['scheme'] );
	if ( ! in_array( $scheme, array( 'http', 'https' ), true ) || isset( $parts['user'] ) || isset( $parts['pass'] ) || isset( $parts['query'] ) || isset( $parts['fragment'] ) ) {
		return null;
	}
	$host = strtolower( $parts['host'] );
	$path = isset( $parts['path'] ) ? rtrim( $parts['path'], '/' ) : '';
	if ( 1 !== preg_match( '/^(?:\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?)$/', $host ) || 1 !== preg_match( '#^(?:/[A-Za-z0-9._~-]+)*$#', $path ) ) {
		return null;
	}
	$url = $scheme . '://' . $host . ( isset( $parts['port'] ) ? ':' . (int) $parts['port'] : '' ) . $path;
	return esc_url_raw( $url, array( 'http', 'https' ) ) === $url ? $url : null;
}

/**
 * The widget script's address for a service address. The filter lets a site pin another release
 * of the widget (its markup must then be one that release reads).
 *
 * @param string $service_url The stored service address.
 */
function script_url( string $service_url ): string {
	return (string) apply_filters( 'hotel_affiliate_stays_script_url', $service_url . WIDGET_PATH, $service_url );
}

/**
 * The settings from the form, cleaned. A secret or operator key is refused with a warning and the
 * key saved before is kept: a secret key is never stored, nor shown again in the page.
 *
 * @param mixed $input The submitted option (already unslashed by options.php).
 */
function sanitize_settings( $input ): array {
	// update_option() runs this again on a value it already cleaned when it adds the option.
	static $last_output = null;
	if ( null !== $last_output && $input === $last_output ) {
		return $input;
	}
	$stored = settings();
	if ( ! is_array( $input ) ) {
		return $stored;
	}
	$output = $stored;

	if ( array_key_exists( 'service_url', $input ) ) {
		$url = normalize_service_url( is_string( $input['service_url'] ) ? $input['service_url'] : '' );
		if ( null === $url ) {
			add_settings_error( OPTION, 'service-url-invalid', esc_html__( 'The service address was not saved: it must be a web address such as https://stays.example.com (http or https, without a query).', 'hotel-affiliate-stays' ) );
		} else {
			$output['service_url'] = $url;
		}
	}

	if ( array_key_exists( 'key', $input ) ) {
		$key = trim( is_string( $input['key'] ) ? $input['key'] : '' );
		if ( '' === $key ) {
			$output['key'] = '';
		} elseif ( holds_secret_key( $key ) ) {
			add_settings_error( OPTION, 'secret-key', esc_html( secret_key_warning( holds_operator_key( $key ) ) ) );
		} elseif ( ! is_publishable_key( $key ) ) {
			add_settings_error( OPTION, 'key-invalid', esc_html__( 'The key was not saved: a publishable key starts with live_pk_ and holds only letters and digits after it.', 'hotel-affiliate-stays' ) );
		} else {
			$output['key'] = $key;
		}
	}

	$output      = with_script_integrity( $output );
	$last_output = $output;
	return $output;
}

/**
 * The settings with the widget script's integrity hash, fetched now from the service address (a
 * person pressed Save). When it cannot be fetched the settings are kept without one, and the page
 * says why: the address is likely wrong.
 *
 * @param array $settings Cleaned settings.
 */
function with_script_integrity( array $settings ): array {
	$settings['integrity']     = '';
	$settings['integrity_for'] = '';
	if ( '' === $settings['service_url'] ) {
		return $settings;
	}
	$script   = script_url( $settings['service_url'] );
	$response = wp_remote_get(
		$script,
		array(
			'timeout'             => 10,
			'redirection'         => 2,
			'limit_response_size' => 2 * 1024 * 1024,
			'headers'             => array( 'Accept' => 'text/javascript' ),
		)
	);
	$problem  = '';
	if ( is_wp_error( $response ) ) {
		$problem = $response->get_error_message();
	} elseif ( 200 !== (int) wp_remote_retrieve_response_code( $response ) ) {
		/* translators: %d: an HTTP status code */
		$problem = sprintf( __( 'it answered %d', 'hotel-affiliate-stays' ), (int) wp_remote_retrieve_response_code( $response ) );
	} elseif ( '' === wp_remote_retrieve_body( $response ) ) {
		$problem = __( 'it answered nothing', 'hotel-affiliate-stays' );
	}
	if ( '' !== $problem ) {
		add_settings_error(
			OPTION,
			'script-unreachable',
			esc_html(
				sprintf(
					/* translators: 1: the widget script's address, 2: what went wrong */
					__( 'Saved, but the widget could not be fetched from %1$s (%2$s). Check the service address: until readers’ browsers can load it, pages show no hotels.', 'hotel-affiliate-stays' ),
					$script,
					$problem
				)
			),
			'warning'
		);
		return $settings;
	}
	// phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode -- Subresource Integrity is base64 by definition.
	$settings['integrity']     = 'sha384-' . base64_encode( hash( 'sha384', wp_remote_retrieve_body( $response ), true ) );
	$settings['integrity_for'] = $script;
	return $settings;
}
