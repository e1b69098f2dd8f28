<?php
/**
 * Deleting the plugin deletes its settings (the service address, the publishable key and the
 * script's integrity hash), on every site of a network. Posts are left as they are: their blocks
 * then show nothing, and their shortcodes show as the text they are.
 *
 * @package ExampleStays\Hotels
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

if ( is_multisite() ) {
	foreach ( get_sites(
		array(
			'fields' => 'ids',
			'number' => 0,
		)
	) as $hotel_affiliate_stays_site ) {
		switch_to_blog( $hotel_affiliate_stays_site );
		delete_option( 'hotel_affiliate_stays' );
		restore_current_blog();
	}
} else {
	delete_option( 'hotel_affiliate_stays' );
}
