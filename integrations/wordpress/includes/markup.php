<?php
/**
 * The widget's markup, as the service's snippet builder writes it: <stays-search> or <stays-hotel>
 * with the publishable key and the chosen options, and the widget's module script (with its
 * integrity hash and crossorigin="anonymous") once per page. Shortcodes and blocks both write it
 * through these functions. Nothing here asks the service for anything.
 *
 * @package ExampleStays\Hotels
 */

namespace ExampleStays\Hotels;

defined( 'ABSPATH' ) || exit;

/** How many hotels a search shows when nothing is said (the snippet builder's default). */
const DEFAULT_LIMIT = 6;
/** A hotel id as the service makes them: its page's path on the booking site. */
const HOTEL_ID_PATTERN = '#^[A-Za-z0-9_~-][A-Za-z0-9._~-]*(?:/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)*$#';

/**
 * A placement tag (sub_id): letters, digits, _ and -, at most 200; other characters are dropped.
 *
 * @param mixed $value As written.
 */
function clean_sub_id( $value ): string {
	return substr( (string) preg_replace( '/[^A-Za-z0-9_-]/', '', is_scalar( $value ) ? (string) $value : '' ), 0, 200 );
}

/**
 * How many hotels to show: a whole number from 1 to 20 (a number outside is brought inside; no
 * number is the default).
 *
 * @param mixed $value As written.
 */
function clean_limit( $value ): int {
	if ( ! is_numeric( $value ) ) {
		return DEFAULT_LIMIT;
	}
	return max( 1, min( 20, (int) round( (float) $value ) ) );
}

/**
 * A language tag of BCP 47's shape (de, pt-BR, zh-Hant, sr-Latn-RS), or nothing: the widget then
 * takes the page's language.
 *
 * @param mixed $value As written.
 */
function clean_lang( $value ): string {
	$lang = trim( is_scalar( $value ) ? (string) $value : '' );
	return strlen( $lang ) <= 35 && 1 === preg_match( '/^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$/', $lang ) ? $lang : '';
}

/**
 * A currency: three letters (EUR), or nothing.
 *
 * @param mixed $value As written.
 */
function clean_currency( $value ): string {
	$currency = strtoupper( trim( is_scalar( $value ) ? (string) $value : '' ) );
	return 1 === preg_match( '/^[A-Z]{3}$/', $currency ) ? $currency : '';
}

/**
 * A layout: "list" (one column of compact rows, for sidebars and phones), or nothing: cards.
 *
 * @param mixed $value As written.
 */
function clean_layout( $value ): string {
	return 'list' === strtolower( trim( is_scalar( $value ) ? (string) $value : '' ) ) ? 'list' : '';
}

/**
 * A destination: plain text of at most 200 characters.
 *
 * @param mixed $value As written.
 */
function clean_destination( $value ): string {
	$destination = sanitize_text_field( is_scalar( $value ) ? (string) $value : '' );
	return function_exists( 'mb_substr' ) ? mb_substr( $destination, 0, 200 ) : substr( $destination, 0, 200 );
}

/**
 * A hotel id (hotel/pt/lisbon/…), also taken from the hotel page's address when that is pasted.
 * Nothing when it is not one.
 *
 * @param mixed $value As written.
 */
function clean_hotel_id( $value ): string {
	$id = trim( is_scalar( $value ) ? (string) $value : '' );
	if ( 1 === preg_match( '#^https?://#i', $id ) ) {
		$path = wp_parse_url( $id, PHP_URL_PATH );
		$id   = is_string( $path ) ? $path : '';
	}
	$id = trim( $id, '/' );
	return strlen( $id ) <= 300 && 1 === preg_match( HOTEL_ID_PATTERN, $id ) ? $id : '';
}

/**
 * The key that goes in pages: the stored publishable key, never anything else.
 *
 * @param array $settings The plugin's settings.
 */
function page_key( array $settings ): string {
	return is_publishable_key( $settings['key'] ) ? $settings['key'] : '';
}

/**
 * A custom element with its attributes, empty ones left out, every value escaped.
 *
 * @param string $name       The element's name.
 * @param array  $attributes Attribute name => value, in the snippet builder's order.
 */
function element( string $name, array $attributes ): string {
	$html = '<' . $name;
	foreach ( $attributes as $attribute => $value ) {
		if ( '' !== $value ) {
			$html .= ' ' . $attribute . '="' . esc_attr( $value ) . '"';
		}
	}
	return $html . '></' . $name . '>';
}

/**
 * The search widget for a post: <stays-search>, its script enqueued.
 *
 * @param array $choices destination, sub_id, limit, lang, currency, layout, as written in the shortcode or block.
 */
function search_markup( array $choices ): string {
	$settings = settings();
	if ( '' === $settings['service_url'] ) {
		return setup_note();
	}
	$html = element(
		'stays-search',
		array(
			'key'         => page_key( $settings ),
			'sub-id'      => clean_sub_id( $choices['sub_id'] ?? '' ),
			'destination' => clean_destination( $choices['destination'] ?? '' ),
			'limit'       => (string) clean_limit( $choices['limit'] ?? DEFAULT_LIMIT ),
			'lang'        => clean_lang( $choices['lang'] ?? '' ),
			'currency'    => clean_currency( $choices['currency'] ?? '' ),
			'layout'      => clean_layout( $choices['layout'] ?? '' ),
		)
	);
	return key_note( $settings ) . $html . widget_script( $settings );
}

/**
 * One hotel's card for a post: <stays-hotel>, its script enqueued.
 *
 * @param array $choices id, sub_id, lang, currency, as written in the shortcode or block.
 */
function hotel_markup( array $choices ): string {
	$settings = settings();
	if ( '' === $settings['service_url'] ) {
		return setup_note();
	}
	$id = clean_hotel_id( $choices['id'] ?? '' );
	if ( '' === $id ) {
		return manager_note( __( 'Example Stays: this hotel card needs the hotel’s id, such as id="hotel/pt/lisbon/…" (from a search result, or the hotel page’s address).', 'hotel-affiliate-stays' ) );
	}
	$html = element(
		'stays-hotel',
		array(
			'key'      => page_key( $settings ),
			'hotel-id' => $id,
			'sub-id'   => clean_sub_id( $choices['sub_id'] ?? '' ),
			'lang'     => clean_lang( $choices['lang'] ?? '' ),
			'currency' => clean_currency( $choices['currency'] ?? '' ),
		)
	);
	return key_note( $settings ) . $html . widget_script( $settings );
}

/**
 * Enqueues the widget's script, once per page however many widgets it holds; it is printed in the
 * footer. When the footer is already out (a widget rendered late), the script tag comes here.
 *
 * @param array $settings The plugin's settings.
 */
function widget_script( array $settings ): string {
	if ( ! wp_script_is( WIDGET_HANDLE, 'registered' ) ) {
		// No version: the release is in the address, and the integrity hash is of these bytes.
		wp_register_script( WIDGET_HANDLE, script_url( $settings['service_url'] ), array(), null, true ); // phpcs:ignore WordPress.WP.EnqueuedResourceParameters.MissingVersion
	}
	if ( ! did_action( 'wp_print_footer_scripts' ) ) {
		wp_enqueue_script( WIDGET_HANDLE );
		return '';
	}
	if ( wp_script_is( WIDGET_HANDLE, 'done' ) ) {
		return '';
	}
	ob_start();
	wp_print_scripts( WIDGET_HANDLE );
	return (string) ob_get_clean();
}

/**
 * The widget's script tag: an ES module, pinned to the bytes seen when the settings were saved.
 *
 * @param string $tag    The tag WordPress wrote.
 * @param string $handle The script's handle.
 * @param string $src    Its address (escaped for HTML by some WordPress versions).
 */
function module_script_tag( $tag, $handle, $src ) {
	if ( WIDGET_HANDLE !== $handle ) {
		return $tag;
	}
	$settings  = settings();
	$src       = html_entity_decode( (string) $src, ENT_QUOTES );
	$integrity = '' !== $settings['integrity'] && $settings['integrity_for'] === $src
		? ' integrity="' . esc_attr( $settings['integrity'] ) . '"'
		: '';
	// phpcs:ignore WordPress.WP.EnqueuedResources.NonEnqueuedScript -- this is the enqueued script's own tag.
	return '<script type="module" src="' . esc_url( $src ) . '"' . $integrity . ' crossorigin="anonymous" id="' . esc_attr( WIDGET_HANDLE ) . '-js"></script>' . "\n";
}
add_filter( 'script_loader_tag', __NAMESPACE__ . '\\module_script_tag', 10, 3 );

/**
 * A note in the post for the people who manage the site, and nothing for readers.
 *
 * @param string $text What to say.
 */
function manager_note( string $text ): string {
	if ( ! current_user_can( 'manage_options' ) ) {
		return '';
	}
	return '<p class="hotel-affiliate-stays-note">' . esc_html( $text ) . ' <a href="' . esc_url( admin_url( 'options-general.php?page=' . SETTINGS_PAGE ) ) . '">' . esc_html__( 'Example Stays settings', 'hotel-affiliate-stays' ) . '</a></p>';
}

/** What a manager reads where a widget would be, before the service address is set. */
function setup_note(): string {
	return manager_note( __( 'Example Stays: hotels show here once the service address is set (only the people who manage this site see this note).', 'hotel-affiliate-stays' ) );
}

/**
 * What a manager reads above a widget while no publishable key is set: it works, but earns nothing.
 *
 * @param array $settings The plugin's settings.
 */
function key_note( array $settings ): string {
	if ( '' !== page_key( $settings ) ) {
		return '';
	}
	return manager_note( __( 'Example Stays: no publishable key is set, so the links below carry no affiliate code and earn nothing (only the people who manage this site see this note).', 'hotel-affiliate-stays' ) );
}
