<?php
/**
 * Which kind of key a text holds. A page is public, so only a publishable key (live_pk_…) may go in
 * one; a secret key (live_ not followed by pk_) and an operator key (live_op_…) never do. The rule
 * is the one the service's own snippet builders apply.
 *
 * @package ExampleStays\Hotels
 */

namespace ExampleStays\Hotels;

defined( 'ABSPATH' ) || exit;

/**
 * Whether a text holds a secret key: live_ not followed by pk_, an operator's live_op_ key included.
 *
 * @param string $text What was pasted.
 */
function holds_secret_key( string $text ): bool {
	return 1 === preg_match( '/(?:^|[^A-Za-z0-9_])live_(?!pk_)/', $text );
}

/**
 * Whether a text holds an operator key (live_op_…), the programme team's key for the admin API.
 *
 * @param string $text What was pasted.
 */
function holds_operator_key( string $text ): bool {
	return 1 === preg_match( '/(?:^|[^A-Za-z0-9_])live_op_/', $text );
}

/**
 * Whether a text is a publishable key and nothing else: live_pk_ and base62 characters.
 *
 * @param string $text A key.
 */
function is_publishable_key( string $text ): bool {
	return 1 === preg_match( '/^live_pk_[A-Za-z0-9]{1,200}$/', $text );
}

/**
 * What the settings page says, as it is typed and at Save, when a secret or operator key is pasted.
 *
 * @param bool $operator Whether it is an operator key.
 */
function secret_key_warning( bool $operator ): string {
	if ( $operator ) {
		return __( 'That is an operator key (live_op_…), the programme team’s key for the service’s admin API. It is not saved: it must never go in a web page, where anyone can copy it. Paste a publishable key (live_pk_…) made for this site instead. If this key was ever pasted into a public page or shared, roll it now: revoke it and make a new one with the service’s command line (keys revoke, keys create --operator).', 'hotel-affiliate-stays' );
	}
	return __( 'That is a secret key (live_…), not a publishable one. It is not saved: a secret key must never go in a web page, where anyone can copy it and spend your allowance. Paste a publishable key (live_pk_…) made for this site instead. If this key was ever pasted into a public page or shared, roll it now (in the console at /console, or POST /v1/keys/{id}/roll).', 'hotel-affiliate-stays' );
}
