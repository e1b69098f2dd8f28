/**
 * The editor side of the two blocks, written for the globals WordPress provides (wp.blocks,
 * wp.element, wp.blockEditor, wp.components, wp.i18n): no build step. The editor shows a
 * placeholder with the block's options, never a live widget, so writing a post searches nothing;
 * the page is rendered on the server with the same markup as the shortcodes.
 *
 * @package ExampleStays\Hotels
 * @license GPL-2.0-or-later
 */
( function ( blocks, element, blockEditor, components, i18n ) {
	'use strict';
	var el = element.createElement;
	var __ = i18n.__;
	var TEXT_DOMAIN = 'hotel-affiliate-stays';

	/** A text field bound to one attribute. */
	function textField( props, name, label, help, placeholder ) {
		return el( components.TextControl, {
			label: label,
			help: help,
			placeholder: placeholder,
			value: props.attributes[ name ] || '',
			onChange: function ( value ) {
				var change = {};
				change[ name ] = value;
				props.setAttributes( change );
			},
		} );
	}

	/** The fields both blocks have: placement tag, language and currency. */
	function commonFields( props ) {
		return [
			textField( props, 'subId', __( 'Placement tag (sub_id)', TEXT_DOMAIN ), __( 'Letters, digits, _ and -: your usage report counts this placement apart.', TEXT_DOMAIN ), 'sidebar' ),
			textField( props, 'lang', __( 'Language', TEXT_DOMAIN ), __( 'A language tag such as de or pt-BR; empty: the page’s language.', TEXT_DOMAIN ), '' ),
			textField( props, 'currency', __( 'Currency', TEXT_DOMAIN ), __( 'Three letters such as EUR, for prices on the hotel pages.', TEXT_DOMAIN ), '' ),
		];
	}

	function placeholder( props, icon, label, instructions, fields ) {
		return el(
			'div',
			blockEditor.useBlockProps(),
			el(
				components.Placeholder,
				{ icon: icon, label: label, instructions: instructions },
				// The fields as separate children, not one array (which React would want keyed).
				el.apply( null, [ 'div', { style: { width: '100%' } } ].concat( fields ) )
			)
		);
	}

	blocks.registerBlockType( 'hotel-affiliate-stays/search', {
		edit: function ( props ) {
			return placeholder(
				props,
				'building',
				__( 'Hotel search (Example Stays)', TEXT_DOMAIN ),
				__( 'Readers type a place, or press the button for the destination below; nothing is searched until they do. Links credit your affiliate code.', TEXT_DOMAIN ),
				[
					textField( props, 'destination', __( 'Destination (optional)', TEXT_DOMAIN ), __( 'Shown as a button that searches it, such as Lisbon.', TEXT_DOMAIN ), 'Lisbon' ),
					el( components.RangeControl, {
						label: __( 'Hotels shown', TEXT_DOMAIN ),
						min: 1,
						max: 20,
						value: props.attributes.limit,
						onChange: function ( value ) {
							props.setAttributes( { limit: value || 6 } );
						},
					} ),
					el( components.SelectControl, {
						label: __( 'Layout', TEXT_DOMAIN ),
						value: props.attributes.layout,
						options: [
							{ label: __( 'Cards', TEXT_DOMAIN ), value: '' },
							{ label: __( 'List (for sidebars and phones)', TEXT_DOMAIN ), value: 'list' },
						],
						onChange: function ( value ) {
							props.setAttributes( { layout: value } );
						},
					} ),
				].concat( commonFields( props ) )
			);
		},
		save: function () {
			return null;
		},
	} );

	blocks.registerBlockType( 'hotel-affiliate-stays/hotel', {
		edit: function ( props ) {
			return placeholder(
				props,
				'admin-home',
				__( 'Hotel card (Example Stays)', TEXT_DOMAIN ),
				__( 'One hotel, with a link that credits your affiliate code. Paste its id from a search result, or its page’s address.', TEXT_DOMAIN ),
				[ textField( props, 'hotelId', __( 'Hotel', TEXT_DOMAIN ), __( 'Such as hotel/pt/lisbon/pestana-palace.', TEXT_DOMAIN ), 'hotel/pt/lisbon/…' ) ].concat( commonFields( props ) )
			);
		},
		save: function () {
			return null;
		},
	} );
} )( window.wp.blocks, window.wp.element, window.wp.blockEditor, window.wp.components, window.wp.i18n );
