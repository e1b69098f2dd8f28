<?php
/**
 * Settings → Example Stays: the service's address and the publishable key, through the Settings
 * API (nonce and capability checked by options.php, values cleaned by sanitize_settings()). A
 * secret key pasted there is refused with a warning, both as it is typed and when it is saved.
 *
 * @package ExampleStays\Hotels
 */

namespace ExampleStays\Hotels;

defined( 'ABSPATH' ) || exit;

/** The page under Settings. */
function add_settings_page(): void {
	$hook = add_options_page(
		__( 'Example Stays', 'hotel-affiliate-stays' ),
		__( 'Example Stays', 'hotel-affiliate-stays' ),
		'manage_options',
		SETTINGS_PAGE,
		__NAMESPACE__ . '\\render_settings_page'
	);
	if ( $hook ) {
		add_action( 'admin_print_scripts-' . $hook, __NAMESPACE__ . '\\enqueue_settings_script' );
	}
}
add_action( 'admin_menu', __NAMESPACE__ . '\\add_settings_page' );

/** The settings page's script: the warning shown as soon as a secret key is pasted. */
function enqueue_settings_script(): void {
	wp_enqueue_script( 'hotel-affiliate-stays-settings', plugins_url( 'assets/settings.js', PLUGIN_FILE ), array(), VERSION, true );
}

/** A "Settings" link beside the plugin's name on the Plugins page. */
function settings_link( array $links ): array {
	array_unshift( $links, '<a href="' . esc_url( admin_url( 'options-general.php?page=' . SETTINGS_PAGE ) ) . '">' . esc_html__( 'Settings', 'hotel-affiliate-stays' ) . '</a>' );
	return $links;
}
add_filter( 'plugin_action_links_' . plugin_basename( PLUGIN_FILE ), __NAMESPACE__ . '\\settings_link' );

/** The page's section and fields. */
function register_settings_fields(): void {
	add_settings_section( 'service', __( 'Your widget', 'hotel-affiliate-stays' ), __NAMESPACE__ . '\\render_section', SETTINGS_PAGE );
	add_settings_field( 'service_url', __( 'Service address', 'hotel-affiliate-stays' ), __NAMESPACE__ . '\\render_service_url_field', SETTINGS_PAGE, 'service', array( 'label_for' => 'hotel-affiliate-stays-service-url' ) );
	add_settings_field( 'key', __( 'Publishable key', 'hotel-affiliate-stays' ), __NAMESPACE__ . '\\render_key_field', SETTINGS_PAGE, 'service', array( 'label_for' => 'hotel-affiliate-stays-key' ) );
}
add_action( 'admin_init', __NAMESPACE__ . '\\register_settings_fields' );

/** This site's origin (scheme, host and port), the one a publishable key must be made for. */
function site_origin(): string {
	$parts = wp_parse_url( home_url() );
	if ( ! is_array( $parts ) || empty( $parts['host'] ) ) {
		return home_url();
	}
	return ( $parts['scheme'] ?? 'https' ) . '://' . $parts['host'] . ( isset( $parts['port'] ) ? ':' . $parts['port'] : '' );
}

/** What the section is for. */
function render_section(): void {
	echo '<p>' . esc_html__( 'Readers’ browsers load the widget from the service and search only when a reader asks: WordPress asks the service for nothing when it shows a page. Saving these settings fetches the widget’s script once, to check the address and pin the script’s integrity hash.', 'hotel-affiliate-stays' ) . '</p>';
}

/** The service address field, with the state of the widget's script. */
function render_service_url_field(): void {
	$settings = settings();
	printf(
		'<input type="url" id="hotel-affiliate-stays-service-url" name="%1$s[service_url]" value="%2$s" class="regular-text code" placeholder="https://stays.example.com" spellcheck="false" aria-describedby="hotel-affiliate-stays-service-url-help">',
		esc_attr( OPTION ),
		esc_attr( $settings['service_url'] )
	);
	echo '<p class="description" id="hotel-affiliate-stays-service-url-help">' . esc_html__( 'The address of the Example Stays service your key comes from, such as https://stays.example.com.', 'hotel-affiliate-stays' ) . '</p>';
	if ( '' === $settings['service_url'] ) {
		return;
	}
	$script = script_url( $settings['service_url'] );
	if ( '' !== $settings['integrity'] && $settings['integrity_for'] === $script ) {
		printf(
			'<p class="description">%1$s <code>%2$s</code><br>%3$s <code>%4$s</code></p>',
			esc_html__( 'Widget script:', 'hotel-affiliate-stays' ),
			esc_html( $script ),
			esc_html__( 'Pinned to the bytes seen at the last save, with integrity', 'hotel-affiliate-stays' ),
			esc_html( $settings['integrity'] )
		);
	} else {
		printf(
			'<p class="description">%1$s <code>%2$s</code> %3$s</p>',
			esc_html__( 'Widget script:', 'hotel-affiliate-stays' ),
			esc_html( $script ),
			esc_html__( '(loaded without an integrity hash: it could not be fetched at the last save; save again to check it again).', 'hotel-affiliate-stays' )
		);
	}
}

/** The publishable key field, and the warning the settings script shows when a secret key is pasted. */
function render_key_field(): void {
	$settings = settings();
	printf(
		'<input type="text" id="hotel-affiliate-stays-key" name="%1$s[key]" value="%2$s" class="large-text code" placeholder="live_pk_…" autocomplete="off" spellcheck="false" aria-describedby="hotel-affiliate-stays-key-help hotel-affiliate-stays-key-warning">',
		esc_attr( OPTION ),
		esc_attr( page_key( $settings ) )
	);
	printf(
		'<div class="notice notice-error inline" id="hotel-affiliate-stays-key-warning" role="alert" hidden><p><strong>%1$s</strong></p><p>%2$s</p></div>',
		esc_html( secret_key_warning( false ) ),
		esc_html( secret_key_warning( true ) )
	);
	echo '<p class="description" id="hotel-affiliate-stays-key-help">';
	printf(
		/* translators: %s: this site's origin, such as https://your.blog */
		esc_html__( 'A publishable key (live_pk_…) made for this site’s address, %s, in the Keys section of the service’s console (or with POST /v1/keys). It is public by design: it goes in your pages and works only on the addresses it was made for. Without one the widget works, but its links carry no affiliate code.', 'hotel-affiliate-stays' ),
		'<code>' . esc_html( site_origin() ) . '</code>'
	);
	echo '</p>';
}

/** The page. */
function render_settings_page(): void {
	if ( ! current_user_can( 'manage_options' ) ) {
		return;
	}
	?>
	<div class="wrap">
		<h1><?php echo esc_html( get_admin_page_title() ); ?></h1>
		<form action="<?php echo esc_url( admin_url( 'options.php' ) ); ?>" method="post">
			<?php
			settings_fields( SETTINGS_GROUP );
			do_settings_sections( SETTINGS_PAGE );
			submit_button();
			?>
		</form>
		<h2><?php esc_html_e( 'In your posts', 'hotel-affiliate-stays' ); ?></h2>
		<p><?php esc_html_e( 'Add the “Hotel search (Example Stays)” or “Hotel card (Example Stays)” block, or write a shortcode:', 'hotel-affiliate-stays' ); ?></p>
		<p><code>[stays_search destination="Lisbon" sub_id="sidebar" limit="6" lang="de" currency="EUR"]</code></p>
		<p><code>[stays_hotel id="hotel/pt/lisbon/…" sub_id="review"]</code></p>
		<p><?php esc_html_e( 'Every attribute may be left out. sub_id tags the placement in your usage report (letters, digits, _ and -); limit is 1 to 20; lang is a language tag (the page’s language when left out); currency is three letters.', 'hotel-affiliate-stays' ); ?></p>
	</div>
	<?php
}
