//! TLS for the team store through the rustls the API client already uses, with the same
//! platform verifier (the system's trust store, the host name checked): a small adapter in
//! place of `tokio-postgres-rustls`, whose channel binding would bring an X.509 parser.
//! SCRAM then runs without channel binding, as libpq does with `channel_binding=prefer`
//! against a server that does not offer it.

use rustls::ClientConfig;
use rustls::pki_types::ServerName;
use rustls_platform_verifier::ConfigVerifierExt;
use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio_postgres::tls::{ChannelBinding, MakeTlsConnect, TlsConnect, TlsStream};

/// Makes a TLS connector per host, as tokio-postgres asks.
#[derive(Clone)]
pub(super) struct MakeRustls {
    config: Arc<ClientConfig>,
}

impl MakeRustls {
    /// The system's roots through the platform verifier, as reqwest has them.
    pub(super) fn new() -> Result<MakeRustls, rustls::Error> {
        // Installing twice is harmless (the API client does it too).
        let _ = rustls::crypto::ring::default_provider().install_default();
        Ok(MakeRustls { config: Arc::new(ClientConfig::with_platform_verifier()?) })
    }
}

/// One TLS handshake to come, for one host.
pub(super) struct RustlsConnect {
    config: Arc<ClientConfig>,
    name: ServerName<'static>,
}

/// The encrypted stream to the server.
pub(super) struct RustlsStream<S>(tokio_rustls::client::TlsStream<S>);

impl<S> MakeTlsConnect<S> for MakeRustls
where
    S: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    type Stream = RustlsStream<S>;
    type TlsConnect = RustlsConnect;
    type Error = io::Error;

    fn make_tls_connect(&mut self, domain: &str) -> Result<RustlsConnect, io::Error> {
        let name = ServerName::try_from(domain.to_string())
            .map_err(|error| io::Error::new(io::ErrorKind::InvalidInput, error))?;
        Ok(RustlsConnect { config: Arc::clone(&self.config), name })
    }
}

impl<S> TlsConnect<S> for RustlsConnect
where
    S: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    type Stream = RustlsStream<S>;
    type Error = io::Error;
    type Future = Pin<Box<dyn Future<Output = io::Result<RustlsStream<S>>> + Send>>;

    fn connect(self, stream: S) -> Self::Future {
        let connector = tokio_rustls::TlsConnector::from(self.config);
        Box::pin(async move { connector.connect(self.name, stream).await.map(RustlsStream) })
    }
}

impl<S: AsyncRead + AsyncWrite + Unpin> TlsStream for RustlsStream<S> {
    fn channel_binding(&self) -> ChannelBinding {
        ChannelBinding::none()
    }
}

impl<S: AsyncRead + AsyncWrite + Unpin> AsyncRead for RustlsStream<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.0).poll_read(cx, buf)
    }
}

impl<S: AsyncRead + AsyncWrite + Unpin> AsyncWrite for RustlsStream<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.0).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.0).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.0).poll_shutdown(cx)
    }
}
