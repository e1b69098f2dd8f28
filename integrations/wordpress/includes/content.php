<?php
/**
 * What authors put in posts: the [stays_search] and [stays_hotel] shortcodes, and the two blocks
 * (hotel-affiliate-stays/search and hotel-affiliate-stays/hotel) that write the same markup.
 *
 * @package ExampleStays\Hotels
 */

namespace ExampleStays\Hotels;

defined( 'ABSPATH' ) || exit;

/** Shortcodes, the blocks and their editor script. */
function register_content(): void {
	add_shortcode( 'stays_search', __NAMESPACE__ . '\\search_shortcode' );
	add_shortcode( 'stays_hotel', __NAMESPACE__ . '\\hotel_shortcode' );

	wp_register_script(
		EDITOR_HANDLE,
		plugins_url( 'assets/editor.js', PLUGIN_FILE ),
		array( 'wp-blocks', 'wp-element', 'wp-block-editor', 'wp-components', 'wp-i18n' ),
		VERSION,
		true
	);
	wp_set_script_translations( EDITOR_HANDLE, 'hotel-affiliate-stays' );
	register_block_type( dirname( PLUGIN_FILE ) . '/blocks/search', array( 'render_callback' => __NAMESPACE__ . '\\search_block' ) );
	register_block_type( dirname( PLUGIN_FILE ) . '/blocks/hotel', array( 'render_callback' => __NAMESPACE__ . '\\hotel_block' ) );
}
add_action( 'init', __NAMESPACE__ . '\\register_content' );

/**
 * The shortcode's attributes, with the element's spelling (sub-id, hotel-id) taken too.
 *
 * @param mixed $atts     As WordPress parsed them ('' when there are none).
 * @param array $aliases  Element spelling => shortcode spelling.
 */
function with_aliases( $atts, array $aliases ): array {
	$atts = is_array( $atts ) ? $atts : array();
	foreach ( $aliases as $alias => $name ) {
		if ( isset( $atts[ $alias ] ) && ! isset( $atts[ $name ] ) ) {
			$atts[ $name ] = $atts[ $alias ];
		}
	}
	return $atts;
}

/**
 * [stays_search destination="Lisbon" sub_id="sidebar" limit="6" lang="de" currency="EUR" layout="list"]
 *
 * @param mixed $atts The shortcode's attributes.
 */
function search_shortcode( $atts ): string {
	$choices = shortcode_atts(
		array(
			'destination' => '',
			'sub_id'      => '',
			'limit'       => (string) DEFAULT_LIMIT,
			'lang'        => '',
			'currency'    => '',
			'layout'      => '',
		),
		with_aliases( $atts, array( 'sub-id' => 'sub_id' ) ),
		'stays_search'
	);
	return search_markup( $choices );
}

/**
 * [stays_hotel id="hotel/pt/lisbon/…" sub_id="…" lang="…" currency="…"]
 *
 * @param mixed $atts The shortcode's attributes.
 */
function hotel_shortcode( $atts ): string {
	$choices = shortcode_atts(
		array(
			'id'       => '',
			'sub_id'   => '',
			'lang'     => '',
			'currency' => '',
		),
		with_aliases(
			$atts,
			array(
				'hotel-id' => 'id',
				'hotel_id' => 'id',
				'sub-id'   => 'sub_id',
			)
		),
		'stays_hotel'
	);
	return hotel_markup( $choices );
}

/**
 * The search block, rendered on the server as the shortcode is.
 *
 * @param mixed $attributes The block's attributes (block.json).
 */
function search_block( $attributes ): string {
	$attributes = is_array( $attributes ) ? $attributes : array();
	return search_markup(
		array(
			'destination' => $attributes['destination'] ?? '',
			'sub_id'      => $attributes['subId'] ?? '',
			'limit'       => $attributes['limit'] ?? DEFAULT_LIMIT,
			'lang'        => $attributes['lang'] ?? '',
			'currency'    => $attributes['currency'] ?? '',
			'layout'      => $attributes['layout'] ?? '',
		)
	);
}

/**
 * The one-hotel block, rendered on the server as the shortcode is.
 *
 * @param mixed $attributes The block's attributes (block.json).
 */
function hotel_block( $attributes ): string {
	$attributes = is_array( $attributes ) ? $attributes : array();
	return hotel_markup(
		array(
			'id'       => $attributes['hotelId'] ?? '',
			'sub_id'   => $attributes['subId'] ?? '',
			'lang'     => $attributes['lang'] ?? '',
			'currency' => $attributes['currency'] ?? '',
		)
	);
}
