/**
 * Settings → Example Stays: warns as soon as a secret key (live_ not followed by pk_) is pasted in
 * the key field. The server refuses to save one all the same; this only says so before Save.
 *
 * @package ExampleStays\Hotels
 * @license GPL-2.0-or-later
 */
( function () {
	'use strict';
	var input = document.getElementById( 'hotel-affiliate-stays-key' );
	var warning = document.getElementById( 'hotel-affiliate-stays-key-warning' );
	if ( ! input || ! warning ) {
		return;
	}
	var paragraphs = warning.getElementsByTagName( 'p' );
	function check() {
		var secret = /(?:^|[^A-Za-z0-9_])live_(?!pk_)/.test( input.value );
		var operator = /(?:^|[^A-Za-z0-9_])live_op_/.test( input.value );
		warning.hidden = ! secret;
		// The first paragraph speaks of secret keys, the second of operator keys.
		paragraphs[ 0 ].hidden = operator;
		paragraphs[ 1 ].hidden = ! operator;
		if ( secret ) {
			input.setAttribute( 'aria-invalid', 'true' );
		} else {
			input.removeAttribute( 'aria-invalid' );
		}
	}
	input.addEventListener( 'input', check );
	check();
} )();
